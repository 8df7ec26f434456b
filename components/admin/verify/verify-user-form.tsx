"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { buttonClass } from "@/components/ui/button";
import { adminVerificationApi, permissionApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { readApiError } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { OnboardingStepFlag } from "@/lib/onboarding-flags";
import { permissionListResponseSchema } from "../admin-schemas.lazy";
import type { AdminUserLoad } from "../shared/admin-user";
import { PermissionCheckboxes } from "../shared/permission-modal";
import { useAdminApiErrorMessage } from "../shared/use-admin-error-text";
import { useAdminResource } from "../shared/use-admin-resource";
import { DetailSection } from "../shared/user-detail-sections";

/**
 * The permissions the user gets and the button that verifies the account with them. Approval
 * needs all four onboarding steps: until then the button is disabled and says which steps are
 * missing (the API refuses such an approval as well).
 */
export function VerifyForm({
  userId,
  initial,
  permissionList,
  missing,
  done,
  onDone,
}: {
  userId: string;
  initial: string[];
  /** The permissions to choose from, loaded with the page (the form asks itself without them). */
  permissionList?: AdminUserLoad["permissions"];
  missing: OnboardingStepFlag[];
  done: boolean;
  onDone: () => void;
}) {
  const t = useTranslations("AdminUser");
  const { apiFetch } = useAuth();
  const apiErrorMessage = useAdminApiErrorMessage();
  const { load, reload } = useAdminResource(
    apiPath(permissionApi.list),
    permissionListResponseSchema,
    (reason) => t("verify.permissionsFailed", { reason }),
    permissionList,
  );
  // The user's current permissions are ticked to begin with.
  const [selected, setSelected] = useState<Set<string>>(() => new Set(initial));
  const [submitting, setSubmitting] = useState(false);
  const reasonId = useId();
  // Spec: loading the permissions is confirmed with a toast, once per page.
  const loadedToast = useRef(false);
  useEffect(() => {
    if (load.state !== "ready" || loadedToast.current) return;
    loadedToast.current = true;
    notify.success(t("verify.permissionsLoaded", { count: load.data.permissions.length }));
  }, [load, t]);
  const tSteps = useTranslations("AdminUser.info.steps");
  const incomplete = missing.length > 0;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || done || incomplete) return;
    setSubmitting(true);
    try {
      const response = await apiFetch(apiPath(adminVerificationApi.verify, { userId }), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ permissions: [...selected] }),
      });
      if (!response.ok) {
        notify.error(apiErrorMessage(await readApiError(response), t("verify.failed")));
        return;
      }
      notify.success(t("verify.success"));
      onDone();
    } catch {
      notify.error(t("verify.verificationFailed"));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <DetailSection
      id="verify-permissions-heading"
      heading={t("verify.formHeading")}
      hint={t("verify.formHint")}
    >
      <form onSubmit={submit} className="mt-4 space-y-4">
        {load.state === "loading" && (
          <p role="status" className="text-slate-700">
            {t("verify.permissionsLoading")}
          </p>
        )}
        {load.state === "failed" && (
          <div className="flex flex-wrap items-center gap-3">
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
              {load.message}
            </p>
            <button
              type="button"
              className={buttonClass({ variant: "secondary", size: "sm" })}
              onClick={reload}
            >
              {t("queue.retry")}
            </button>
          </div>
        )}
        {(load.state === "ready" || load.state === "notFound") && (
          <PermissionCheckboxes
            permissions={load.state === "ready" ? load.data.permissions : []}
            selected={selected}
            onChange={setSelected}
            legend={t("permissions.legend")}
            disabled={submitting || done}
          />
        )}
        {incomplete && (
          <p id={reasonId} className="rounded-lg border border-amber-700/40 bg-amber-50 p-3 text-amber-950">
            {t("verify.incomplete", { steps: missing.map((step) => tSteps(step)).join(", ") })}
          </p>
        )}
        <button
          type="submit"
          className={buttonClass()}
          disabled={incomplete}
          aria-disabled={submitting || done || incomplete}
          aria-describedby={incomplete ? reasonId : undefined}
        >
          {submitting ? t("verify.submitting") : t("verify.submit")}
        </button>
      </form>
    </DetailSection>
  );
}
