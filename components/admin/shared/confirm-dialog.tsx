"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

/**
 * Where focus goes once a dialog has closed (while it is open the page is inert and cannot take
 * focus): set the returned ref before closing. Left empty, the dialog returns focus to the
 * button that opened it.
 */
export function useFocusAfterDialog(open: boolean) {
  const target = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open || !target.current) return;
    target.current.focus();
    target.current = null;
  }, [open]);
  return target;
}

/**
 * A destructive action's confirmation (deleting a user, deleting the stamp).
 * The safe choice is focused first and Escape cancels (except while the action runs, whose
 * answer must still show). onConfirm resolves to an error text, or null when done (the parent
 * then unmounts the dialog). The confirm button stays focusable while busy (loading state).
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
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const failure = await onConfirm();
    // null: done, and the parent unmounts the dialog.
    if (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={title}
      description={children}
      onClose={onCancel}
      dismissible={!busy}
      initialFocus={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant="danger" size="sm" loading={busy} onClick={() => void confirm()}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 break-words text-red-800">
          {error}
        </p>
      )}
    </Dialog>
  );
}
