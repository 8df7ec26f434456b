"use client";

import type { ReactNode } from "react";
import { Field } from "./field";
import { inputClass } from "./form-field";

/** A select's options: first the empty choice ('All', 'Choose…'), then one per value. */
export function SelectOptions<V extends string>({
  empty,
  values,
  text,
}: {
  empty: string;
  values: readonly V[];
  text: (value: V) => string;
}) {
  return (
    <>
      <option value="">{empty}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {text(value)}
        </option>
      ))}
    </>
  );
}

/**
 * A labelled filter of a list: the empty choice (`all`) means no filter, and `onChange` then
 * receives undefined.
 */
export function SelectFilter<V extends string>({
  label,
  name,
  value,
  values,
  text,
  all,
  onChange,
}: {
  label: ReactNode;
  name?: string;
  value: V | undefined;
  values: readonly V[];
  text: (value: V) => string;
  all: string;
  onChange: (value: V | undefined) => void;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <select
          {...control}
          name={name}
          className={inputClass}
          value={value ?? ""}
          onChange={(event) => onChange((event.target.value || undefined) as V | undefined)}
        >
          <SelectOptions empty={all} values={values} text={text} />
        </select>
      )}
    </Field>
  );
}
