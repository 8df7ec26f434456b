"use client";

import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { adminSecondaryButtonClass } from "./dashboard-ui";

const confirmButtonClass =
  "inline-flex items-center justify-center whitespace-nowrap rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-900 aria-disabled:cursor-wait aria-disabled:bg-slate-600";

/**
 * A destructive action's confirmation (deleting a user, spec §4; deleting the stamp, spec §5).
 * A native modal <dialog> makes the page inert, so focus stays inside; the safe choice is
 * focused first and Escape cancels (except while the action runs, whose answer must still show).
 * onConfirm resolves to an error text, or null when done (the parent then unmounts the dialog
 * and places focus). The confirm button is aria-disabled, not disabled, so focus stays on it.
 */
export function ConfirmDialog({
  title,
  children,
  cancelLabel,
  confirmLabel,
  busyLabel,
  onCancel,
  onConfirm,
}: {
  title: string;
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  onCancel: () => void;
  onConfirm: () => Promise<string | null>;
}) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // False once unmounting: the close() of the cleanup must not count as the user's Escape.
  const mounted = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    mounted.current = true;
    if (!dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    return () => {
      mounted.current = false;
      dialog.close();
    };
  }, []);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const failure = await onConfirm();
    if (failure && mounted.current) {
      setError(failure);
      setBusy(false);
    }
  };

  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={() => {
        if (mounted.current && !dialogRef.current?.open) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div id={descriptionId} className="mt-2 space-y-2 text-slate-800">
        {children}
      </div>
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 break-words text-red-800">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button
          ref={cancelRef}
          type="button"
          className={adminSecondaryButtonClass}
          onClick={onCancel}
          disabled={busy}
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          className={confirmButtonClass}
          onClick={() => void confirm()}
          aria-disabled={busy}
          aria-busy={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
