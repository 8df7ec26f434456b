import type { HTMLInputTypeAttribute, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { inputClass } from "@/components/ui/form-field";
import { describedBy, OnboardingField } from "./field";

/** One text-like profile field, wired to react-hook-form and to its error and hint. */
export function ProfileTextField({
  id,
  label,
  registration,
  required = false,
  error,
  hint,
  type = "text",
  autoComplete,
  maxLength = 200,
  inputMode,
  min,
  max,
  readOnly = false,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "text" | "numeric" | "email";
  min?: string | number;
  max?: string | number;
  readOnly?: boolean;
}) {
  return (
    <OnboardingField id={id} label={label} required={required} error={error} hint={hint}>
      <input
        id={id}
        type={type}
        required={required}
        autoComplete={autoComplete}
        maxLength={type === "date" || type === "number" ? undefined : maxLength}
        inputMode={inputMode}
        min={min}
        max={max}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: Boolean(hint), error: Boolean(error) })}
        className={readOnly ? `${inputClass} bg-slate-100 text-slate-700` : inputClass}
        {...registration}
      />
    </OnboardingField>
  );
}
