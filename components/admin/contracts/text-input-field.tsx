"use client";

import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/**
 * A labelled one-line text input of the contract admin forms, registered with react-hook-form
 * (`registration` is what `register(name)` returns). Browser autofill stays off: these are
 * names of documents, not of the admin.
 */
export function TextInputField({
  label,
  hint,
  error,
  registration,
  maxLength,
  required = false,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  registration: UseFormRegisterReturn;
  maxLength: number;
  required?: boolean;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          type="text"
          required={required}
          maxLength={maxLength}
          autoComplete="off"
        />
      )}
    </Field>
  );
}
