"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { buttonClass } from "@/components/ui/button";
import { readApiError } from "@/lib/api-error";
import { notify } from "@/lib/notify";
import { PermissionModal } from "./permission-modal";
import { sectionClass, sectionHeadingClass } from "./user-detail-sections";

/** Spec §8 admin send password reset, one message per status. */
function resetMessageKey(status: number, code: string) {
  if (status === 401) return "unauthorized" as const;
  if (status === 403) return "forbidden" as const;
  if (status === 404) return "notFound" as const;
  if (status === 429 || code === "RATE_LIMITED") return "rateLimited" as const;
  return "failed" as const;
}

/**
 * Spec §2 actions panel of /admin/user-management/profile/{id}: send a password reset link,
 * edit permissions in a modal, and (instead of the spec's placeholders) download everything
 * stored about the user as JSON. The audit trail has its own section below.
 */
export function UserDetailActions({
  userId,
  email,
  onPermissionsSaved,
}: {
  userId: string;
  email: string;
  onPermissionsSaved: (permissions: string[]) => void;
}) {
  const t = useTranslations("AdminUser.actions");
  const { apiFetch } = useAuth();
  const headingId = useId();
  const exportHintId = useId();
  const [sending, setSending] = useState(false);
  const [editing, setEditing] = useState(false);

  const sendPasswordReset = async () => {
    if (sending) return;
    setSending(true);
    try {
      const response = await apiFetch(`/api/admin/send-password-reset/${encodeURIComponent(userId)}`, {
        method: "POST",
      });
      if (response.ok) {
        notify.success(t("reset.sent", { email }));
        return;
      }
      const error = await readApiError(response);
      notify.error(t(`reset.${resetMessageKey(error.status, error.code)}`));
    } catch {
      notify.error(t("reset.network"));
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h2 id={headingId} className={sectionHeadingClass}>
        {t("heading")}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "sm" })}
          aria-disabled={sending}
          onClick={() => void sendPasswordReset()}
        >
          {sending ? t("reset.sending") : t("reset.button")}
        </button>
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "sm" })}
          onClick={() => setEditing(true)}
        >
          {t("editPermissions")}
        </button>
        <a
          href={`/api/admin/users/${encodeURIComponent(userId)}/export`}
          download
          className={buttonClass({ variant: "secondary", size: "sm" })}
          aria-describedby={exportHintId}
        >
          {t("export")}
        </a>
      </div>
      <p id={exportHintId} className="mt-2 text-sm text-slate-700">
        {t("exportHint")}
      </p>
      {editing && (
        <PermissionModal
          userId={userId}
          userLabel={email}
          onClose={() => setEditing(false)}
          onSaved={onPermissionsSaved}
        />
      )}
    </section>
  );
}
