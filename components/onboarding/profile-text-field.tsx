import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { InputProps } from "./profile-layout";

/** One text-like profile field, wired to react-hook-form and to its error and hint. */
export function ProfileTextField({
  id,
  label,
  registration,
  error,
  hint,
  required = false,
  type = "text",
  maxLength = 200,
  readOnly = false,
  ...input
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
} & Omit<InputProps, "hint">) {
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint}>
      {(control) => (
        <Input
          {...control}
          {...input}
          type={type}
          required={required}
          maxLength={type === "date" || type === "number" ? undefined : maxLength}
          readOnly={readOnly}
          className={readOnly ? "bg-slate-100 text-slate-700" : undefined}
          {...registration}
        />
      )}
    </Field>
  );
}
