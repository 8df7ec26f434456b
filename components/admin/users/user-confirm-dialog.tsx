"use client";

import { useTranslations } from "next-intl";
import { AlertDialog } from "@/components/ui/alert-dialog";

const BUSY = { delete: "deleteDialog.deleting", suspend: "suspendDialog.suspending" } as const;

/**
 * Asks before deleting or suspending a user, naming them by email. Suspending signs the member
 * out everywhere at once and stops their referral links, deleting cannot be undone: a slip of
 * the mouse must do neither. onConfirm resolves to an error text, or null once it is done (the
 * parent then unmounts the dialog).
 */
export function UserConfirmDialog({
  action,
  email,
  onCancel,
  onConfirm,
}: {
  action: "delete" | "suspend";
  email: string;
  onCancel: () => void;
  onConfirm: () => Promise<string | null>;
}) {
  const t = useTranslations("AdminArea.users");
  return (
    <AlertDialog
      title={t(`${action}Dialog.title`)}
      cancelLabel={t(`${action}Dialog.cancel`)}
      confirmLabel={t(`${action}Dialog.confirm`)}
      busyLabel={t(BUSY[action])}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p className="break-words">{t(`${action}Dialog.question`, { email })}</p>
      {action === "delete" ? (
        <p className="font-medium text-red-800">{t("deleteDialog.warning")}</p>
      ) : (
        <p>{t("suspendDialog.effect")}</p>
      )}
    </AlertDialog>
  );
}
