"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { FormAlert } from "./form-alert";

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

/** What the dialog shows while its action runs and after it. */
export type ConfirmState = { busy: boolean; error: string | null };

/**
 * One press of the action: busy while it runs, then its error text (the dialog stays open to
 * show it) or none (the parent has usually unmounted the dialog by then).
 */
export async function runConfirm(
  onConfirm: () => Promise<string | null | undefined>,
  show: (state: ConfirmState) => void,
): Promise<void> {
  show({ busy: true, error: null });
  const failure = await onConfirm();
  show({ busy: false, error: failure || null });
}

/**
 * The confirmation before a destructive action (deleting, revoking, signing out a browser): an
 * alertdialog with Cancel and the action. Cancel, the least destructive choice, has the focus
 * first, so Enter on a dialog that just opened does nothing harmful; Escape cancels too, except
 * while the action runs (its answer must still show). The action button stays focusable while
 * busy (loading state) and says so (`busyLabel`). `onConfirm` resolves to an error text shown
 * in the dialog, or to null when done; the parent then unmounts the dialog.
 */
export function AlertDialog({
  title,
  children,
  cancelLabel,
  confirmLabel,
  busyLabel,
  onCancel,
  onConfirm,
}: {
  title: ReactNode;
  /** The question and what the action does; the dialog's description. */
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  onCancel: () => void;
  onConfirm: () => Promise<string | null | undefined>;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [{ busy, error }, setState] = useState<ConfirmState>({ busy: false, error: null });

  return (
    <Dialog
      role="alertdialog"
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
          <Button
            variant="danger"
            size="sm"
            loading={busy}
            onClick={() => void runConfirm(onConfirm, setState)}
          >
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <FormAlert message={error} />
    </Dialog>
  );
}
