import type { Ref } from "react";

/**
 * A form's error about the whole submission, shown only while there is one. It takes focus
 * from script (tabIndex -1) so the member hears it and continues from there.
 */
export function FormError({
  id,
  message,
  ref,
}: {
  id: string;
  message: string | null | undefined;
  ref?: Ref<HTMLParagraphElement>;
}) {
  if (!message) return null;
  return (
    <p
      ref={ref}
      id={id}
      role="alert"
      tabIndex={-1}
      className="rounded-lg bg-red-50 p-3 text-sm text-red-800 focus-visible:outline-2 focus-visible:outline-red-800"
    >
      {message}
    </p>
  );
}
