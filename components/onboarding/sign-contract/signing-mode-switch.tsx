"use client";

import { useTranslations } from "next-intl";

export type SigningMode = "online" | "upload";

/** The choice between signing online and uploading a signed PDF, as radio buttons styled as tiles. */
export function SigningModeSwitch({
  name,
  mode,
  disabled,
  onChange,
}: {
  /** The radio group's name (one per page). */
  name: string;
  mode: SigningMode;
  disabled: boolean;
  onChange: (mode: SigningMode) => void;
}) {
  const t = useTranslations("SignContract");
  return (
    <fieldset className="space-y-2">
      <legend className="text-lg font-semibold text-slate-900">{t("mode.legend")}</legend>
      <div className="flex flex-wrap gap-3">
        {(["online", "upload"] as const).map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-400 px-3 py-2 text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={mode === option}
              disabled={disabled}
              onChange={() => onChange(option)}
              className="size-4 accent-brand-700"
            />
            {t(`mode.${option}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
