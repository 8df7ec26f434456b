import type { HTMLInputTypeAttribute, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/form-field";

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
    <Field id={id} label={label} required={required} error={error} hint={hint}>
      {(control) => (
        <input
          {...control}
          type={type}
          required={required}
          autoComplete={autoComplete}
          maxLength={type === "date" || type === "number" ? undefined : maxLength}
          inputMode={inputMode}
          min={min}
          max={max}
          readOnly={readOnly}
          className={readOnly ? `${inputClass} bg-slate-100 text-slate-700` : inputClass}
          {...registration}
        />
      )}
    </Field>
  );
}
