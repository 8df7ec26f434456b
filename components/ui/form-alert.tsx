import type { ReactNode } from "react";

/** A form's or a dialog's failure that belongs to no one field, announced; nothing without one. */
export function FormAlert({ message }: { message: ReactNode }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 break-words text-red-800">
      {message}
    </p>
  );
}
