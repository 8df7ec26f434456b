"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { FormField, inputClass, linkClass, primaryButtonClass } from "@/components/ui/form-field";
import { readApiError } from "@/lib/api-error";
import { notify } from "@/lib/notify";
import { browserSessionSchema, emailSchema } from "@/lib/schemas/auth";
import { useAuth } from "./auth-provider";
import { CODE_LENGTH, CodeInput, type CodeInputHandle } from "./code-input";
import { useApiErrorMessage } from "./use-api-error-message";
import { useCountdown } from "./use-countdown";

/** The email one-time-code login of spec §2: request a code, enter it in six boxes, resend later. */
export function CodeLoginForm() {
  const t = useTranslations("CodeLogin");
  const tl = useTranslations("Login");
  const tv = useTranslations("Validation");
  const locale = useLocale();
  const router = useRouter();
  const { signIn } = useAuth();
  const apiErrorMessage = useApiErrorMessage();
  const codeRef = useRef<CodeInputHandle>(null);
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [step, setStep] = useState<"email" | "code">("email");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendAt);
  const [refocus, setRefocus] = useState(0);

  useEffect(() => {
    if (refocus && !busy) codeRef.current?.focusFirst();
  }, [refocus, busy]);

  const requestCode = async () => {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(tv((parsed.error.issues[0]?.message ?? "emailInvalid") as never));
      return;
    }
    setEmailError(null);
    setError(null);
    setBusy(true);
    try {
      const response = await fetch("/api/auth/login-code/request", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: parsed.data, lang: locale }),
      });
      if (!response.ok) {
        notify.error(apiErrorMessage(await readApiError(response), tl("failed")));
        return;
      }
      const body = (await response.json()) as { resendAfterSeconds?: number };
      setResendAt(Date.now() + (body.resendAfterSeconds ?? 60) * 1000);
      setCode("");
      setStep("code");
      notify.success(t("sent"));
      window.setTimeout(() => codeRef.current?.focusFirst(), 0);
    } catch {
      notify.error(tl("failed"));
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    if (code.length !== CODE_LENGTH) {
      setError(tv("codeIncomplete"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/api/auth/login-code/verify", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, code, lang: locale }),
      });
      if (!response.ok) {
        const message = apiErrorMessage(await readApiError(response), tl("failed"));
        setError(message);
        notify.error(message);
        // Spec §4: a failure clears the boxes and puts the focus back on the first (once they
        // are enabled again, after this render).
        setCode("");
        setRefocus((count) => count + 1);
        return;
      }
      signIn(browserSessionSchema.parse(await response.json()));
      notify.success(tl("success"));
      router.replace("/dashboard");
      router.refresh();
    } catch {
      notify.error(tl("failed"));
    } finally {
      setBusy(false);
    }
  };

  if (step === "email") {
    return (
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void requestCode();
        }}
      >
        <p className="text-slate-700">{t("intro")}</p>
        <FormField id="code-email" label={tl("email")} error={emailError ?? undefined}>
          <input
            id="code-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={inputClass}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? "code-email-error" : undefined}
          />
        </FormField>
        <button type="submit" className={primaryButtonClass} disabled={busy} aria-busy={busy}>
          {busy ? t("sending") : t("sendCode")}
        </button>
      </form>
    );
  }

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void verify();
      }}
    >
      <p id="code-label" className="font-medium text-slate-800">
        {t("codeLabel")} <span className="font-normal text-slate-700">({email})</span>
      </p>
      <CodeInput
        ref={codeRef}
        value={code}
        onChange={setCode}
        disabled={busy}
        labelledBy="code-label"
        invalid={Boolean(error)}
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <p className="text-sm text-slate-700">{t("spamHint")}</p>
      <button type="submit" className={primaryButtonClass} disabled={busy} aria-busy={busy}>
        {busy ? t("verifying") : t("verify")}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className={linkClass}
          disabled={secondsLeft > 0 || busy}
          onClick={() => void requestCode()}
        >
          {secondsLeft > 0 ? t("resendIn", { seconds: secondsLeft }) : t("resend")}
        </button>
        <button type="button" className={linkClass} onClick={() => setStep("email")}>
          {t("changeEmail")}
        </button>
      </div>
    </form>
  );
}
