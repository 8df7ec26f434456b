/** The class strings shared by the UI: text inputs and selects, the primary button, links. */

export const inputClass =
  "block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700 aria-invalid:border-red-700";

/** The input style with extra classes after it (Input, Textarea, Select). */
export function withInputClass(className?: string): string {
  return className ? `${inputClass} ${className}` : inputClass;
}

export const primaryButtonClass =
  "inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-900 disabled:cursor-not-allowed disabled:bg-slate-500";

export const linkClass =
  "font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";
