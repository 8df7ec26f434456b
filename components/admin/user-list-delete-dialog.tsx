"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import type { AdminUser } from "@/lib/schemas/admin";
import { adminSecondaryButtonClass } from "./dashboard-ui";

const confirmButtonClass =
  "inline-flex items-center justify-center whitespace-nowrap rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-900 aria-disabled:cursor-wait aria-disabled:bg-slate-600";

/**
 * Spec §4 delete confirmation. A native modal <dialog> (showModal) makes the rest of the page
 * inert, so focus stays inside; Escape closes it (except while the delete runs).
 * onConfirm resolves to an error text, or null once the user is deleted.
 */
export function UserListDeleteDialog({
  user,
  onCancel,
  onConfirm,
}: {
  user: AdminUser;
  onCancel: () => void;
  onConfirm: (user: AdminUser) => Promise<string | null>;
}) {
  const t = useTranslations("AdminArea.users.deleteDialog");
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // False once unmounting: the close() of the cleanup must not count as the user's Escape.
  const mounted = useRef(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    mounted.current = true;
    if (!dialog.open) dialog.showModal();
    // The safe choice gets focus first.
    cancelRef.current?.focus();
    return () => {
      mounted.current = false;
      dialog.close();
    };
  }, []);

  const confirm = async () => {
    if (deleting) return;
    setDeleting(true);
    setError(null);
    const failure = await onConfirm(user);
    // On success the parent unmounts this dialog; only a failure stays here.
    if (failure) {
      setError(failure);
      setDeleting(false);
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
        // Escape closes the dialog, except while the delete runs (its answer must still be shown).
        if (deleting) event.preventDefault();
      }}
      onClose={() => {
        // Closed by Escape. (React's dev double effect closes and reopens it: then it is open.)
        if (mounted.current && !dialogRef.current?.open) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {t("title")}
      </h2>
      <div id={descriptionId} className="mt-2 space-y-2 text-slate-800">
        <p className="break-words">{t("question", { email: user.email })}</p>
        <p className="font-medium text-red-800">{t("warning")}</p>
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
          disabled={deleting}
        >
          {t("cancel")}
        </button>
        <button
          type="button"
          className={confirmButtonClass}
          onClick={() => void confirm()}
          // aria-disabled, not disabled: focus stays on the button while the delete runs.
          aria-disabled={deleting}
          aria-busy={deleting}
        >
          {deleting ? t("deleting") : t("confirm")}
        </button>
      </div>
    </dialog>
  );
}
