"use client";

import { useTranslations } from "next-intl";
import type { AdminUser } from "@/lib/schemas/admin";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * Delete confirmation. onConfirm resolves to an error text, or null once the user is
 * deleted (the parent then unmounts the dialog).
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
  return (
    <ConfirmDialog
      title={t("title")}
      cancelLabel={t("cancel")}
      confirmLabel={t("confirm")}
      busyLabel={t("deleting")}
      onCancel={onCancel}
      onConfirm={() => onConfirm(user)}
    >
      <p className="break-words">{t("question", { email: user.email })}</p>
      <p className="font-medium text-red-800">{t("warning")}</p>
    </ConfirmDialog>
  );
}
