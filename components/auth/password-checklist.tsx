"use client";

import { useTranslations } from "next-intl";
import { checkPassword, type PasswordRule } from "@/lib/password-policy";

const RULES: PasswordRule[] = ["length", "lowercase", "uppercase", "number", "special"];

/** Each criterion of the password policy, shown as passed or not while typing. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const t = useTranslations("PasswordChecklist");
  const result = checkPassword(password);
  return (
    <div id={id} className="rounded-lg bg-slate-50 p-3 text-sm">
      <p className="font-medium text-slate-800">{t("title")}</p>
      <ul className="mt-1 space-y-0.5">
        {RULES.map((rule) => (
          <li
            key={rule}
            data-rule={rule}
            data-met={result[rule]}
            className={result[rule] ? "text-green-800" : "text-slate-700"}
          >
            <span aria-hidden="true">{result[rule] ? "✓" : "○"}</span> {t(rule)}
            <span className="sr-only">: {result[rule] ? t("met") : t("notMet")}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
