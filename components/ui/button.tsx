import type { ButtonHTMLAttributes, MouseEvent, Ref } from "react";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md";

const base =
  "inline-flex items-center justify-center gap-1.5 whitespace-nowrap font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed aria-disabled:cursor-not-allowed aria-busy:cursor-wait";

const variants: Record<ButtonVariant, string> = {
  primary:
    "bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-900 disabled:bg-slate-500 aria-busy:bg-slate-600 aria-disabled:bg-slate-600",
  secondary:
    "border border-slate-400 bg-white text-slate-800 hover:bg-slate-100 focus-visible:outline-brand-700 disabled:border-slate-300 disabled:text-slate-600 aria-busy:text-slate-600 aria-disabled:text-slate-600",
  danger:
    "bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-900 disabled:bg-slate-500 aria-busy:bg-slate-600 aria-disabled:bg-slate-600",
  ghost:
    "text-brand-800 hover:bg-slate-100 focus-visible:outline-brand-700 disabled:text-slate-600 aria-busy:text-slate-600 aria-disabled:text-slate-600",
};

const sizes: Record<ButtonSize, string> = {
  sm: "rounded-md px-3 py-1.5 text-sm",
  md: "rounded-lg px-4 py-2.5",
};

/**
 * The classes of a button, for the few places that must style a link as one (a Link that
 * navigates is still a link for assistive technology).
 */
export function buttonClass({
  variant = "primary",
  size = "md",
  block = false,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
} = {}): string {
  return `${base} ${variants[variant]} ${sizes[size]}${block ? " w-full" : ""}`;
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of its container. */
  block?: boolean;
  /**
   * While true the button shows a spinner and ignores clicks. It stays focusable (aria-disabled,
   * not disabled), so a keyboard user does not lose their place while the action runs.
   */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/** The one button of the web tier: four variants, two sizes, a loading state. */
export function Button({
  variant = "primary",
  size = "md",
  block = false,
  loading = false,
  type = "button",
  className,
  children,
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      aria-busy={loading || undefined}
      aria-disabled={loading || props["aria-disabled"] || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (loading) {
          // A submit button must not submit its form a second time either.
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      className={`${buttonClass({ variant, size, block })}${className ? ` ${className}` : ""}`}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}

/**
 * A small action button in a row of a list or table, described by the row's own name
 * (`describedBy`), so that a screen reader says whose 'Delete' it is.
 */
export function RowButton({
  describedBy,
  danger = false,
  ...props
}: Omit<ButtonProps, "variant" | "size"> & { describedBy: string; danger?: boolean }) {
  return (
    <Button {...props} variant={danger ? "danger" : "secondary"} size="sm" aria-describedby={describedBy} />
  );
}
