"use client";

import { useTranslations } from "next-intl";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * Asks before suspending: the member is signed out everywhere at once and their referral links
 * stop working, so a slip of the mouse must not do it. onConfirm resolves to an error text, or
 * null once the user is suspended (the parent then unmounts the dialog).
 */
export function UserSuspendDialog({
  email,
  onCancel,
  onConfirm,
}: {
  email: string;
  onCancel: () => void;
  onConfirm: () => Promise<string | null>;
}) {
  const t = useTranslations("AdminArea.users.suspendDialog");
  return (
    <ConfirmDialog
      title={t("title")}
      cancelLabel={t("cancel")}
      confirmLabel={t("confirm")}
      busyLabel={t("suspending")}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p className="break-words">{t("question", { email })}</p>
      <p>{t("effect")}</p>
    </ConfirmDialog>
  );
}
