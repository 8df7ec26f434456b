"use client";

import { type ReactNode, useId } from "react";

/** What a Field hands its control so that label, hint and error are wired to it. */
export type FieldControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
};

/**
 * A labelled control with its hint and error. The control is rendered by `children`, which
 * receives the id and the aria attributes to spread on it; the error is announced (role=alert)
 * and the control is marked invalid while there is one. The required mark is visual only: the
 * control itself says it is required (aria-required), so a screen reader does not read "star".
 */
export function Field({
  id: givenId,
  label,
  hint,
  error,
  describedBy: others,
  required = false,
  className = "space-y-1",
  children,
}: {
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** The id of a note outside the field that describes the control too, read before hint and error. */
  describedBy?: string;
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [others, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ms-0.5 text-red-700">
            *
          </span>
        )}
      </label>
      {children({
        id,
        "aria-describedby": describedBy || undefined,
        "aria-invalid": error ? true : undefined,
        "aria-required": required ? true : undefined,
      })}
      {hint && (
        <div id={hintId} className="text-sm text-slate-600">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
