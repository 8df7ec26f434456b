"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { linkClass } from "@/components/ui/styles";
import { CodeLoginForm } from "./code-login-form";
import { LoginForm } from "./login-form";
import { TotpStepForm } from "./totp-step-form";

/**
 * The login card's body: the password form, or the email-code variant, then for an account with
 * two-factor sign-in on the second step.
 */
export function LoginPanel() {
  const t = useTranslations("Login");
  const [mode, setMode] = useState<"password" | "code">("password");
  const [challenge, setChallenge] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const switched = useRef(false);

  // After a switch the other form's email field takes focus: the toggle sits below the form, and
  // a keyboard user would otherwise have to walk back up to start.
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    formRef.current?.querySelector<HTMLInputElement>("input")?.focus();
  });

  if (challenge) {
    return (
      <div className="space-y-5">
        <TotpStepForm
          challenge={challenge}
          onRestart={() => {
            switched.current = true;
            setChallenge(null);
          }}
        />
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <div ref={formRef}>
        {mode === "password" ? (
          <LoginForm onSecondStep={setChallenge} />
        ) : (
          <CodeLoginForm onSecondStep={setChallenge} />
        )}
      </div>
      <button
        type="button"
        className={`${linkClass} text-sm`}
        onClick={() => {
          switched.current = true;
          setMode((current) => (current === "password" ? "code" : "password"));
        }}
      >
        {mode === "password" ? t("useCode") : t("usePassword")}
      </button>
      <p className="rounded-lg bg-brand-50 p-3 text-sm text-slate-800">{t("inviteOnly")}</p>
    </div>
  );
}
