"use client";

import { useTranslations } from "next-intl";
import {
  type ClipboardEvent,
  forwardRef,
  type KeyboardEvent,
  type Ref,
  useImperativeHandle,
  useRef,
} from "react";
import { type Control, Controller } from "react-hook-form";

const CODE_LENGTH = 6;

export type CodeInputHandle = { focusFirst(): void };

/**
 * Six single-digit boxes: typing moves on, paste keeps the first 6 digits, Backspace on an empty
 * box goes back, and the arrows, Home and End move between boxes. `value` holds the digits typed
 * so far; Enter submits the form like any text field.
 */
const CodeInput = forwardRef<
  CodeInputHandle,
  {
    value: string;
    onChange: (value: string) => void;
    disabled?: boolean;
    labelledBy: string;
    /** The error's id, so each box is described by it. */
    describedBy?: string;
    invalid?: boolean;
  }
>(function CodeInput({ value, onChange, disabled, labelledBy, describedBy, invalid }, ref) {
  const t = useTranslations("CodeLogin");
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  useImperativeHandle(ref, () => ({ focusFirst: () => boxes.current[0]?.focus() }), []);

  const digits = Array.from({ length: CODE_LENGTH }, (_, index) => value[index] ?? "");
  const setDigit = (index: number, digit: string) => {
    const next = [...digits];
    next[index] = digit;
    onChange(next.join("").slice(0, CODE_LENGTH));
  };

  const onInput = (index: number, raw: string) => {
    const digit = raw.replace(/\D/g, "").slice(-1);
    setDigit(index, digit);
    if (digit && index < CODE_LENGTH - 1) boxes.current[index + 1]?.focus();
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace" && !digits[index] && index > 0) {
      event.preventDefault();
      setDigit(index - 1, "");
      boxes.current[index - 1]?.focus();
    } else if (event.key === "ArrowLeft" && index > 0) {
      boxes.current[index - 1]?.focus();
    } else if (event.key === "ArrowRight" && index < CODE_LENGTH - 1) {
      boxes.current[index + 1]?.focus();
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      boxes.current[event.key === "Home" ? 0 : CODE_LENGTH - 1]?.focus();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text").replace(/\D/g, "").slice(0, CODE_LENGTH);
    if (!pasted) return;
    event.preventDefault();
    onChange(pasted);
    boxes.current[Math.min(pasted.length, CODE_LENGTH - 1)]?.focus();
  };

  return (
    <fieldset aria-labelledby={labelledBy} className="flex justify-between gap-2">
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are positions, not items.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          value={digit}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => event.target.select()}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          maxLength={1}
          aria-label={t("digit", { index: index + 1 })}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="h-12 w-11 rounded-lg border border-slate-400 text-center text-xl font-semibold text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-700 sm:w-12"
        />
      ))}
    </fieldset>
  );
});

/**
 * The code of a code form (`{ code }`): the six boxes, named by the label line `labelId`, and
 * under them the error, announced and describing every box. `onEdit` runs after each change.
 */
export function CodeField({
  control,
  codeRef,
  labelId,
  errorId,
  error,
  disabled,
  onEdit,
}: {
  control: Control<{ code: string }>;
  codeRef: Ref<CodeInputHandle>;
  labelId: string;
  errorId: string;
  error: string | undefined;
  disabled: boolean;
  onEdit?: () => void;
}) {
  return (
    <>
      <Controller
        control={control}
        name="code"
        render={({ field }) => (
          <CodeInput
            ref={codeRef}
            value={field.value}
            onChange={(next) => {
              field.onChange(next);
              onEdit?.();
            }}
            disabled={disabled}
            labelledBy={labelId}
            describedBy={error ? errorId : undefined}
            invalid={Boolean(error)}
          />
        )}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
