"use client";

import type { ReactNode, RefObject } from "react";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/styles";

/**
 * A labelled file input of the contract admin forms (the stamp image, a template's HTML):
 * `onFile` receives the chosen file, or null when the choice was cleared.
 */
export function FileInputField({
  label,
  hint,
  error,
  inputRef,
  accept,
  onFile,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  inputRef: RefObject<HTMLInputElement | null>;
  accept: string;
  onFile: (file: File | null) => void;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          type="file"
          accept={accept}
          className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-slate-200 file:px-3 file:py-1 file:text-slate-900`}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
      )}
    </Field>
  );
}
