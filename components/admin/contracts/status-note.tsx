"use client";

import { useCallback, useState } from "react";
import { notify } from "@/lib/notify";

export type StatusTone = "success" | "error";
export type StatusNote = { tone: StatusTone; text: string };

/**
 * An inline status line: successes in green (role=status), errors in red (role=alert).
 * Both regions stay mounted so a screen reader announces a change of text.
 */
export function InlineStatus({ note, className = "" }: { note: StatusNote | null; className?: string }) {
  const base = `rounded-lg p-3 text-sm font-medium break-words ${className}`;
  return (
    <>
      <div
        role="status"
        className={note?.tone === "success" ? `${base} bg-green-50 text-green-800` : "sr-only"}
      >
        {note?.tone === "success" ? note.text : ""}
      </div>
      <div role="alert" className={note?.tone === "error" ? `${base} bg-red-50 text-red-800` : "sr-only"}>
        {note?.tone === "error" ? note.text : ""}
      </div>
    </>
  );
}

/** Sets the inline note and repeats it as a toast (errors red, successes green). */
export function useStatusNote() {
  const [note, setNote] = useState<StatusNote | null>(null);
  const show = useCallback((tone: StatusTone, text: string) => {
    setNote({ tone, text });
    if (tone === "success") notify.success(text);
    else notify.error(text);
  }, []);
  return { note, show, clear: useCallback(() => setNote(null), []) };
}
