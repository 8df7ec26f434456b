"use client";

import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "./field";
import { Textarea } from "./input";
import { Select } from "./select";

/**
 * A labelled select registered with react-hook-form (`registration` is what `register(name)`
 * returns), one option per value.
 */
export function RegisteredSelectField<V extends string | number>({
  id,
  label,
  hint,
  error,
  describedBy,
  registration,
  values,
  text,
}: {
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** The id of a note outside the field that describes it too, read before its hint and error. */
  describedBy?: string;
  registration: UseFormRegisterReturn;
  values: readonly V[];
  text: (value: V) => string;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} describedBy={describedBy}>
      {(control) => (
        <Select {...control} {...registration}>
          {values.map((value) => (
            <option key={value} value={value}>
              {text(value)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** A labelled multi-line text registered with react-hook-form. */
export function RegisteredTextareaField({
  label,
  registration,
  rows,
  maxLength,
}: {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  rows: number;
  maxLength: number;
}) {
  return (
    <Field label={label}>
      {(control) => <Textarea {...control} {...registration} rows={rows} maxLength={maxLength} />}
    </Field>
  );
}
