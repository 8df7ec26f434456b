"use client";

import { type ReactNode, useEffect, useId, useRef } from "react";

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert, so focus
 * stays inside, and Escape closes it. It is open while mounted; `onClose` runs when the user
 * closes it (Escape, or a control that calls it) and the parent then unmounts it. Focus goes to
 * `initialFocus` (else the first focusable control) and back to the element that had it before
 * opening, because an unmounted dialog cannot do that itself.
 */
export function Dialog({
  title,
  description,
  children,
  footer,
  onClose,
  dismissible = true,
  initialFocus,
  size = "md",
  role,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  onClose: () => void;
  /** False while an action runs whose answer must still show: Escape is ignored then. */
  dismissible?: boolean;
  initialFocus?: { current: HTMLElement | null };
  size?: "md" | "lg";
  /** alertdialog for a confirmation that interrupts (AlertDialog); the native dialog role otherwise. */
  role?: "alertdialog";
}) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const dismissibleRef = useRef(dismissible);
  dismissibleRef.current = dismissible;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first =
      initialFocus?.current ??
      dialog.querySelector<HTMLElement>(
        "[autofocus], button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])",
      );
    first?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (dismissibleRef.current) onCloseRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.close();
      // After the page is no longer inert; the opener may have gone with the dialog's action.
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus]);

  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  return (
    <dialog
      ref={dialogRef}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`m-auto w-[calc(100%-2rem)] ${size === "lg" ? "max-w-3xl" : "max-w-md"} rounded-2xl bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-900/60`}
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {description && (
        <div id={descriptionId} className="mt-2 space-y-2 text-slate-800">
          {description}
        </div>
      )}
      {children && <div className="mt-4">{children}</div>}
      {footer && <div className="mt-5 flex flex-wrap justify-end gap-2">{footer}</div>}
    </dialog>
  );
}
