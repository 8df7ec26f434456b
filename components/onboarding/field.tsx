import type { ReactNode } from "react";

/** The ids a control points at with aria-describedby: its hint, its error, then any others. */
export function describedBy(
  id: string,
  parts: { hint?: boolean; error?: boolean; others?: Array<string | false | undefined> },
) {
  const ids = [parts.hint && `${id}-hint`, parts.error && `${id}-error`, ...(parts.others ?? [])].filter(
    Boolean,
  );
  return ids.length ? ids.join(" ") : undefined;
}

/**
 * FormField (components/ui/form-field.tsx) with a visible required marker: the asterisk is
 * hidden from screen readers, which hear the control's own `required` instead.
 */
export function OnboardingField({
  id,
  label,
  required = false,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <div id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
