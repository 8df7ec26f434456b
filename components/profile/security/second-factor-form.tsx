"use client";

import { useTranslations } from "next-intl";
import { PasswordField } from "@/components/auth/password-field";
import {
  apiFailureKey,
  useApiErrorMessage,
  useApiFailureMessage,
  useValidationMessage,
} from "@/components/auth/use-api-error-message";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import {
  totpDisableSchema,
  totpEnableFormSchema,
  totpRegenerateSchema,
} from "@/components/profile/profile-schemas.lazy";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ApiProblem, applyFieldIssues } from "@/lib/api/problem";
import { notify } from "@/lib/notify";

export type SubHeading = "h3" | "h4";

/** What a form of the two-factor settings sends: a code, and the current password where asked. */
export type SecondFactorValues = { currentPassword?: string; code: string };

const SCHEMAS = {
  enable: totpEnableFormSchema,
  regenerate: totpRegenerateSchema,
  disable: totpDisableSchema,
};

/**
 * The three forms of the settings. `code`: the app's six digits (`app`: emptied after a failure,
 * as that code is spent or too late by then), or a code of the app or a recovery code (`any`).
 * `failure`: where a failure other than the password's goes: beside the code and as a toast
 * (`code`, for the forms whose code is the point; a code the API refused is announced as a
 * toast as well), or as a toast alone (`toast`: the fields keep only their own errors).
 */
const FORMS = {
  enable: { password: true, code: "app", failure: "code", variant: "primary" },
  regenerate: { password: false, code: "any", failure: "code", variant: "secondary" },
  disable: { password: true, code: "any", failure: "toast", variant: "danger" },
} as const;

/** The keys of each form's texts: heading, hint, button, button while busy, failure. */
const TEXTS = {
  enable: ["confirmTitle", "enablePasswordHint", "enable", "enabling", "enableFailed"],
  regenerate: ["regenerateTitle", "regenerateHint", "regenerate", "regenerating", "regenerateFailed"],
  disable: ["disableTitle", "disableHint", "disable", "disabling", "disableFailed"],
} as const;

/** A failure as the member reads it: the API's reason when it gave one, else the fallback. */
export function useFailureMessage() {
  const apiErrorMessage = useApiErrorMessage();
  return (error: unknown, fallback: string) =>
    error instanceof ApiProblem && error.status > 0 ? apiErrorMessage(error, fallback) : fallback;
}

/**
 * One form of the two-factor settings (`kind`): a heading and a hint, the current password where
 * it is asked, and a code. A field's error, the form's check or the API's answer, stands beside
 * the field, which takes the focus.
 */
export function SecondFactorForm({
  kind,
  sub: Sub,
  submit,
}: {
  kind: keyof typeof FORMS;
  sub: SubHeading;
  /** Sends the checked values; throws what the API answered when it refused them. */
  submit: (values: SecondFactorValues) => Promise<void>;
}) {
  const t = useTranslations("TwoFactor");
  const validationMessage = useValidationMessage();
  const failureMessage = useFailureMessage();
  const apiFailureMessage = useApiFailureMessage();
  const { password, code: codeKind, failure, variant } = FORMS[kind];
  const [title, hint, submitText, submittingText, failed] = TEXTS[kind];
  const id = `two-factor-${kind}`;
  const form = useSchemaForm<SecondFactorValues>(SCHEMAS[kind], {
    defaultValues: password ? { currentPassword: "", code: "" } : { code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit(values);
    } catch (error) {
      const problem = error instanceof ApiProblem && error.status > 0 ? error : null;
      const fallback = t(failed);
      if (failure === "toast") {
        const fields = password ? (["currentPassword", "code"] as const) : (["code"] as const);
        if (problem && applyFieldIssues(problem, fields, form.setError)) return;
        notify.error(failureMessage(error, fallback));
        return;
      }
      if (password && problem && applyFieldIssues(problem, ["currentPassword"], form.setError)) return;
      // The code's error keeps the API's field issue (a key of Validation) or its error code,
      // put into words while rendering so it follows a switch of the language.
      const issue = problem?.issues.find((each) => each.path === "code")?.message;
      const kept = issue
        ? { type: "server", message: issue }
        : { type: "failure", message: apiFailureKey(error) };
      if (codeKind === "app") form.setValue("code", "");
      form.setError("code", kept, { shouldFocus: true });
      notify.error(validationMessage(issue) ?? failureMessage(error, fallback));
    }
  });

  const passwordId = `${id}-password`;
  const codeId = `${id}-code`;
  const passwordError = validationMessage(errors.currentPassword?.message);
  const codeError =
    errors.code?.type === "failure"
      ? apiFailureMessage(errors.code.message ?? "", t(failed))
      : validationMessage(errors.code?.message);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-labelledby={`${id}-heading`}>
      <Sub id={`${id}-heading`} className="font-medium text-slate-900">
        {t(title)}
      </Sub>
      <p className="text-sm text-slate-700">{t(hint)}</p>
      {password && (
        <Field id={passwordId} label={t("currentPassword")} error={passwordError}>
          {(control) => (
            <PasswordField
              {...control}
              autoComplete="current-password"
              {...form.register("currentPassword")}
            />
          )}
        </Field>
      )}
      <Field
        id={codeId}
        label={codeKind === "app" ? t("codeLabel") : t("regenerateCodeLabel")}
        error={codeError}
      >
        {(control) => (
          <Input
            {...control}
            type="text"
            autoComplete="one-time-code"
            {...(codeKind === "app"
              ? { className: "max-w-48 font-mono tracking-widest", inputMode: "numeric", maxLength: 7 }
              : { className: "font-mono", spellCheck: false })}
            {...form.register("code")}
          />
        )}
      </Field>
      <Button type="submit" variant={variant} loading={isSubmitting}>
        {isSubmitting ? t(submittingText) : t(submitText)}
      </Button>
    </form>
  );
}
