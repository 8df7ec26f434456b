"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { linkClass } from "@/components/ui/form-field";
import { CodeLoginForm } from "./code-login-form";
import { LoginForm } from "./login-form";

/** The login card's body: the password form, or the email-code variant. */
export function LoginPanel() {
  const t = useTranslations("Login");
  const [mode, setMode] = useState<"password" | "code">("password");
  return (
    <div className="space-y-5">
      {mode === "password" ? <LoginForm /> : <CodeLoginForm />}
      <button
        type="button"
        className={`${linkClass} text-sm`}
        onClick={() => setMode((current) => (current === "password" ? "code" : "password"))}
      >
        {mode === "password" ? t("useCode") : t("usePassword")}
      </button>
      <p className="rounded-lg bg-brand-50 p-3 text-sm text-slate-800">{t("inviteOnly")}</p>
    </div>
  );
}
