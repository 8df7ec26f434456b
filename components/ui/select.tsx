"use client";

import type { ComponentProps, ReactNode } from "react";
import { Field } from "./field";
import { withInputClass } from "./styles";

/** A plain select in the style of the kit's inputs, extra classes after it; SelectField labels one. */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select {...props} className={withInputClass(className)} />;
}

/** A labelled select; `onChange` receives the chosen option's value. */
export function SelectField({
  label,
  name,
  value,
  onChange,
  children,
}: {
  label: ReactNode;
  /** The field's name when its form also works as a plain GET. */
  name?: string;
  value: string | number;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <Select {...control} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
          {children}
        </Select>
      )}
    </Field>
  );
}

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

/** One select filter of a list: the query key it sets, its label, its values and their texts. */
export type SelectFilterSpec<Q> = {
  [K in keyof Q & string]-?: {
    key: K;
    label: string;
    values: readonly NonNullable<Q[K]>[];
    text: (value: NonNullable<Q[K]>) => string;
  };
}[keyof Q & string];

/**
 * A list's select filters, each showing what `query` says. The empty choice (`all`) means no
 * filter: `onChange` then receives the key as undefined.
 */
export function SelectFilters<Q>({
  query,
  filters,
  all,
  named = false,
  onChange,
}: {
  query: Q;
  filters: readonly SelectFilterSpec<Q>[];
  all: string;
  /** Whether each select carries its key as its name (a form that also works as a plain GET). */
  named?: boolean;
  onChange: (next: Partial<Q>) => void;
}) {
  return filters.map(({ key, label, values, text }) => (
    <SelectField
      key={key}
      label={label}
      name={named ? key : undefined}
      value={String(query[key] ?? "")}
      onChange={(value) => onChange({ [key]: value || undefined } as Partial<Q>)}
    >
      <SelectOptions
        empty={all}
        values={values as readonly string[]}
        text={text as (value: string) => string}
      />
    </SelectField>
  ));
}
