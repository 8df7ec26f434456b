"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { FormField, inputClass, primaryButtonClass } from "@/components/ui/form-field";
import { type ApiErrorInfo, readApiError } from "@/lib/api-error";
import { REDIRECT_DELAY_MS } from "@/lib/constants";
import { notify } from "@/lib/notify";
import { passwordResetRequestSchema } from "@/lib/schemas/auth";
import { useApiErrorMessage } from "./use-api-error-message";

const formSchema = passwordResetRequestSchema.pick({ email: true });
type PasswordResetRequestValues = { email: string };

/** Spec §8: a 429, the RATE_LIMITED code or a message naming the rate limit all mean "wait". */
function isRateLimited(error: ApiErrorInfo): boolean {
  return error.status === 429 || error.code === "RATE_LIMITED" || /rate limit/i.test(error.message);
}

/**
 * Spec §2 /password-reset. The answer is the same for known and unknown emails (SECURITY.md 4),
 * so success shows one uniform text, and every outcome goes back to /login after 1.5 s (§8, §9).
 */
export function PasswordResetRequestForm() {
  const t = useTranslations("PasswordReset");
  const tv = useTranslations("Validation");
  const locale = useLocale();
  const router = useRouter();
  const apiErrorMessage = useApiErrorMessage();
  const redirectTimer = useRef<number | undefined>(undefined);
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetRequestValues>({
    resolver: zodResolver(formSchema),
    mode: "onTouched",
    defaultValues: { email: "" },
  });

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const response = await fetch("/api/auth/request-password-reset", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, lang: locale }),
      });
      if (response.ok) {
        notify.success(t("done"));
      } else {
        const error = await readApiError(response);
        notify.error(isRateLimited(error) ? t("rateLimited") : apiErrorMessage(error, t("failed")));
      }
    } catch {
      notify.error(t("failed"));
    }
    // The button stays disabled until the page changes, so a second click cannot send again.
    setLeaving(true);
    redirectTimer.current = window.setTimeout(
      () => router.replace("/login"),
      REDIRECT_DELAY_MS.afterPasswordResetRequest,
    );
  });

  const emailError = errors.email?.message ? tv(errors.email.message as never) : undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField id="password-reset-email" label={t("email")} error={emailError}>
        <input
          id="password-reset-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          className={inputClass}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "password-reset-email-error" : undefined}
          {...register("email")}
        />
      </FormField>
      <button
        type="submit"
        className={primaryButtonClass}
        disabled={isSubmitting || leaving}
        aria-busy={isSubmitting}
      >
        {isSubmitting ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
