"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { ApiProblem } from "@/components/api/problem";
import { PasswordField } from "@/components/auth/password-field";
import { useApiErrorMessage, useValidationMessage } from "@/components/auth/use-api-error-message";
import { Button, buttonClass } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import { saveBlob } from "@/components/ui/save-download";
import { notify } from "@/lib/notify";
import {
  recoveryCodesResponseSchema,
  type TotpSetup,
  type TotpStatus,
  totpSetupResponseSchema,
} from "@/lib/schemas/two-factor";

type Heading = "h2" | "h3";
type SubHeading = "h3" | "h4";

/** A 422's field issue for `field`, as a Validation key or a sentence; null for other failures. */
function fieldIssue(error: unknown, field: string): string | null {
  if (!(error instanceof ApiProblem) || error.status !== 422) return null;
  const issues = (error.details as { issues?: { path: string; message: string }[] } | undefined)?.issues;
  return issues?.find((issue) => issue.path === field)?.message ?? null;
}

/** "ABCDEFGH…" as groups of four, easier to read aloud and to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * Two-factor sign-in of the signed-in member: set up (QR code, the key as text for those who
 * cannot scan, a code to confirm), the ten recovery codes shown once with copy and download,
 * new recovery codes, and turning it off (members only: admins must keep it).
 */
export function TwoFactorPanel({
  initialStatus,
  heading: HeadingTag = "h3",
  adminContinue = false,
}: {
  initialStatus: TotpStatus | null;
  heading?: Heading;
  /** After setting up, offer the way on to the admin area (the page admins are sent to). */
  adminContinue?: boolean;
}) {
  const t = useTranslations("TwoFactor");
  const router = useRouter();
  const apiErrorMessage = useApiErrorMessage();
  const [status, setStatus] = useState(initialStatus);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [preparing, setPreparing] = useState(false);
  const sub: SubHeading = HeadingTag === "h2" ? "h3" : "h4";

  const failure = (error: unknown, fallback: string) =>
    error instanceof ApiProblem && error.status > 0 ? apiErrorMessage(error, fallback) : fallback;

  const startSetup = async () => {
    setPreparing(true);
    try {
      setSetup(await api.post("/api/auth/totp/setup", undefined, totpSetupResponseSchema));
    } catch (error) {
      notify.error(failure(error, t("setupFailed")));
    } finally {
      setPreparing(false);
    }
  };

  const showCodes = (codes: string[], next: TotpStatus) => {
    setRecoveryCodes(codes);
    setStatus(next);
    setSetup(null);
  };

  return (
    <section aria-labelledby="two-factor-heading" className="space-y-4">
      <div>
        <HeadingTag id="two-factor-heading" className="font-semibold text-slate-900">
          {t("heading")}
        </HeadingTag>
        <p className="mt-1 text-sm text-slate-700">{t("description")}</p>
      </div>
      {!status ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {t("loadError")}
        </p>
      ) : recoveryCodes ? (
        <RecoveryCodes
          sub={sub}
          codes={recoveryCodes}
          adminContinue={adminContinue}
          onDone={() => {
            setRecoveryCodes(null);
            router.refresh();
          }}
        />
      ) : !status.enabled ? (
        <>
          {status.required && (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("requiredNotice")}</p>
          )}
          <p className="text-slate-800">{t("statusOff")}</p>
          {setup ? (
            <SetupSteps
              sub={sub}
              setup={setup}
              onEnabled={(codes) =>
                showCodes(codes, {
                  ...status,
                  enabled: true,
                  enabledAt: new Date().toISOString(),
                  recoveryCodesLeft: codes.length,
                })
              }
              failure={failure}
            />
          ) : (
            <Button onClick={() => void startSetup()} loading={preparing}>
              {preparing ? t("settingUp") : t("setUp")}
            </Button>
          )}
        </>
      ) : (
        <>
          <p className="text-slate-800">
            {t("statusOn")} {t("codesLeft", { count: status.recoveryCodesLeft })}
          </p>
          <RegenerateForm
            sub={sub}
            failure={failure}
            onCodes={(codes) => showCodes(codes, { ...status, recoveryCodesLeft: codes.length })}
          />
          {status.required ? (
            <p className="text-sm text-slate-700">{t("adminCannotDisable")}</p>
          ) : (
            <DisableForm
              sub={sub}
              failure={failure}
              onDisabled={() => {
                setStatus({ ...status, enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
                router.refresh();
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

function SetupSteps({
  sub: Sub,
  setup,
  onEnabled,
  failure,
}: {
  sub: SubHeading;
  setup: TotpSetup;
  onEnabled: (codes: string[]) => void;
  failure: (error: unknown, fallback: string) => string;
}) {
  const t = useTranslations("TwoFactor");
  const validationMessage = useValidationMessage();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ currentPassword?: string; code?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, "");
    const next = {
      currentPassword: password ? undefined : validationMessage("currentPasswordRequired"),
      code: /^\d{6}$/.test(value) ? undefined : validationMessage("codeIncomplete"),
    };
    setErrors(next);
    if (next.currentPassword || next.code) {
      (next.currentPassword ? passwordRef : inputRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const answer = await api.post(
        "/api/auth/totp/enable",
        { currentPassword: password, code: value },
        recoveryCodesResponseSchema,
      );
      notify.success(t("enabled"));
      onEnabled(answer.recoveryCodes);
    } catch (problem) {
      const passwordIssue = fieldIssue(problem, "currentPassword");
      const codeIssue = fieldIssue(problem, "code");
      if (passwordIssue) {
        setErrors({ currentPassword: validationMessage(passwordIssue) });
        passwordRef.current?.focus();
        return;
      }
      const message = validationMessage(codeIssue ?? undefined) ?? failure(problem, t("enableFailed"));
      setErrors({ code: message });
      notify.error(message);
      setCode("");
      inputRef.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <Sub className="font-medium text-slate-900">{t("scanTitle")}</Sub>
        <p className="text-sm text-slate-700">{t("scanHint")}</p>
        {/* A data URL made by our server: the secret never goes to a third party. */}
        {/* biome-ignore lint/performance/noImgElement: an inline data URL, nothing to optimise */}
        <img
          src={setup.qrCode}
          alt={t("qrAlt")}
          width={192}
          height={192}
          className="rounded-lg border border-slate-300 bg-white"
        />
        <p className="text-sm text-slate-800">
          {t("secretLabel")}:{" "}
          <code
            data-testid="totp-secret"
            className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-slate-900 select-all"
          >
            {grouped(setup.secret)}
          </code>
        </p>
      </div>
      <form onSubmit={submit} noValidate className="space-y-3" aria-label={t("confirmTitle")}>
        <Sub className="font-medium text-slate-900">{t("confirmTitle")}</Sub>
        <p className="text-sm text-slate-700">{t("enablePasswordHint")}</p>
        <FormField
          id="two-factor-enable-password"
          label={t("currentPassword")}
          error={errors.currentPassword}
        >
          <PasswordField
            ref={passwordRef}
            id="two-factor-enable-password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={errors.currentPassword ? true : undefined}
            aria-describedby={errors.currentPassword ? "two-factor-enable-password-error" : undefined}
          />
        </FormField>
        <FormField id="two-factor-enable-code" label={t("codeLabel")} error={errors.code}>
          <input
            ref={inputRef}
            id="two-factor-enable-code"
            type="text"
            className={`${inputClass} max-w-48 font-mono tracking-widest`}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? "two-factor-enable-code-error" : undefined}
          />
        </FormField>
        <Button type="submit" loading={submitting}>
          {submitting ? t("enabling") : t("enable")}
        </Button>
      </form>
    </div>
  );
}

function RecoveryCodes({
  sub: Sub,
  codes,
  adminContinue,
  onDone,
}: {
  sub: SubHeading;
  codes: string[];
  adminContinue: boolean;
  onDone: () => void;
}) {
  const t = useTranslations("TwoFactor");
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The codes replace the form the member just used: their heading takes the focus, so a screen
  // reader announces them and the keyboard continues from there.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      notify.success(t("copied"));
    } catch {
      notify.error(t("copyFailed"));
    }
  };

  const download = () =>
    saveBlob(
      new Blob([`${t("downloadHeader")}\n\n${codes.join("\n")}\n`], { type: "text/plain;charset=utf-8" }),
      "recovery-codes.txt",
    );

  return (
    <div className="space-y-3">
      <Sub ref={headingRef} tabIndex={-1} className="font-medium text-slate-900 focus:outline-none">
        {t("recoveryTitle")}
      </Sub>
      <p className="text-sm text-slate-700">{t("recoveryHint")}</p>
      <ol
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-1 rounded-lg bg-slate-100 p-3 font-mono text-slate-900 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {t("copy")}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t("download")}
        </Button>
        {adminContinue ? (
          <Link href="/admin/dashboard" className={buttonClass()}>
            {t("continueToAdmin")}
          </Link>
        ) : (
          <Button onClick={onDone}>{t("done")}</Button>
        )}
      </div>
    </div>
  );
}

function RegenerateForm({
  sub: Sub,
  onCodes,
  failure,
}: {
  sub: SubHeading;
  onCodes: (codes: string[]) => void;
  failure: (error: unknown, fallback: string) => string;
}) {
  const t = useTranslations("TwoFactor");
  const validationMessage = useValidationMessage();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(validationMessage("secondFactorCodeRequired") ?? null);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const answer = await api.post(
        "/api/auth/totp/recovery-codes",
        { code: code.trim() },
        recoveryCodesResponseSchema,
      );
      onCodes(answer.recoveryCodes);
    } catch (problem) {
      const message =
        validationMessage(fieldIssue(problem, "code") ?? undefined) ??
        failure(problem, t("regenerateFailed"));
      setError(message);
      notify.error(message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="two-factor-regenerate-heading">
      <Sub id="two-factor-regenerate-heading" className="font-medium text-slate-900">
        {t("regenerateTitle")}
      </Sub>
      <p className="text-sm text-slate-700">{t("regenerateHint")}</p>
      <FormField id="two-factor-regenerate-code" label={t("regenerateCodeLabel")} error={error ?? undefined}>
        <input
          id="two-factor-regenerate-code"
          type="text"
          className={`${inputClass} font-mono`}
          autoComplete="one-time-code"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "two-factor-regenerate-code-error" : undefined}
        />
      </FormField>
      <Button type="submit" variant="secondary" loading={submitting}>
        {submitting ? t("regenerating") : t("regenerate")}
      </Button>
    </form>
  );
}

function DisableForm({
  sub: Sub,
  onDisabled,
  failure,
}: {
  sub: SubHeading;
  onDisabled: () => void;
  failure: (error: unknown, fallback: string) => string;
}) {
  const t = useTranslations("TwoFactor");
  const validationMessage = useValidationMessage();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ currentPassword?: string; code?: string }>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      currentPassword: password ? undefined : validationMessage("currentPasswordRequired"),
      code: code.trim() ? undefined : validationMessage("secondFactorCodeRequired"),
    };
    setErrors(next);
    if (next.currentPassword || next.code) return;
    setSubmitting(true);
    try {
      await api.post("/api/auth/totp/disable", { currentPassword: password, code: code.trim() });
      notify.success(t("disabled"));
      onDisabled();
    } catch (problem) {
      const passwordIssue = fieldIssue(problem, "currentPassword");
      const codeIssue = fieldIssue(problem, "code");
      if (passwordIssue || codeIssue) {
        setErrors({
          currentPassword: validationMessage(passwordIssue ?? undefined),
          code: validationMessage(codeIssue ?? undefined),
        });
        return;
      }
      notify.error(failure(problem, t("disableFailed")));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="two-factor-disable-heading">
      <Sub id="two-factor-disable-heading" className="font-medium text-slate-900">
        {t("disableTitle")}
      </Sub>
      <p className="text-sm text-slate-700">{t("disableHint")}</p>
      <FormField id="two-factor-disable-password" label={t("currentPassword")} error={errors.currentPassword}>
        <PasswordField
          id="two-factor-disable-password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={errors.currentPassword ? true : undefined}
          aria-describedby={errors.currentPassword ? "two-factor-disable-password-error" : undefined}
        />
      </FormField>
      <FormField id="two-factor-disable-code" label={t("regenerateCodeLabel")} error={errors.code}>
        <input
          id="two-factor-disable-code"
          type="text"
          className={`${inputClass} font-mono`}
          autoComplete="one-time-code"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={errors.code ? "two-factor-disable-code-error" : undefined}
        />
      </FormField>
      <Button type="submit" variant="danger" loading={submitting}>
        {submitting ? t("disabling") : t("disable")}
      </Button>
    </form>
  );
}
