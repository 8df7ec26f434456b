"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { api } from "@/components/api/client";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { revokeOtherSessionsResponseSchema } from "@/components/profile/profile-schemas.lazy";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { ApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { AccountSession } from "@/lib/schemas/account-security";
import { SessionItem, useDeviceName } from "./session-item";

type Pending = { kind: "one"; session: AccountSession } | { kind: "others" };

/**
 * The signed-in browsers, this one first. Each other one can be signed out, or all of them at
 * once; both ask first. The ended session's browser is sent to /login on its next page load (the
 * page asks the API, which no longer knows the session).
 */
export function SessionList({ initialSessions }: { initialSessions: AccountSession[] | null }) {
  const t = useTranslations("ProfileSecurity.sessions");
  const apiErrorMessage = useApiErrorMessage();
  const deviceName = useDeviceName();
  const [sessions, setSessions] = useState(initialSessions);
  const [pending, setPending] = useState<Pending | null>(null);
  // The signed-out row and its button are gone: focus goes to the list's heading instead of the page's start.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const failed = (error: unknown, fallback: string) => {
    const problem = error instanceof ApiProblem && error.status > 0 ? error : null;
    notify.error(problem ? apiErrorMessage(problem, fallback) : fallback);
  };

  // A failure is said in a toast and the dialog closes either way (null: nothing for it to show).
  const confirm = async (): Promise<null> => {
    if (!pending || !sessions) return null;
    try {
      if (pending.kind === "one") {
        await api.delete(apiPath(authApi.revokeSession, { id: pending.session.id }));
        setSessions(sessions.filter((session) => session.id !== pending.session.id));
        notify.success(t("revoked"));
      } else {
        const result = await api.post(
          apiPath(authApi.revokeOtherSessions),
          undefined,
          revokeOtherSessionsResponseSchema,
        );
        setSessions(sessions.filter((session) => session.current));
        notify.success(t("othersRevoked", { count: result.revoked }));
      }
      setPending(null);
      headingRef.current?.focus();
    } catch (error) {
      failed(error, t("revokeFailed"));
      setPending(null);
    }
    return null;
  };

  const others = sessions?.filter((session) => !session.current) ?? [];

  return (
    <section aria-labelledby="security-sessions-heading" className="space-y-4">
      <div>
        <h3
          id="security-sessions-heading"
          ref={headingRef}
          tabIndex={-1}
          className="font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t("heading")}
        </h3>
        <p className="mt-1 text-sm text-slate-700">{t("description")}</p>
      </div>
      {sessions === null ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
          {t("loadError")}
        </p>
      ) : (
        <>
          <ul className="space-y-3" data-testid="session-list">
            {sessions.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                onRevoke={() => setPending({ kind: "one", session })}
              />
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="text-sm text-slate-700">{t("noOthers")}</p>
          ) : (
            <Button variant="secondary" onClick={() => setPending({ kind: "others" })}>
              {t("revokeOthers")}
            </Button>
          )}
        </>
      )}
      {pending && (
        <AlertDialog
          title={pending.kind === "one" ? t("confirmTitle") : t("confirmOthersTitle")}
          confirmLabel={pending.kind === "one" ? t("revoke") : t("confirmOthers")}
          cancelLabel={t("cancel")}
          busyLabel={t("revoking")}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          <p>
            {pending.kind === "one"
              ? t("confirmBody", { device: deviceName(pending.session) })
              : t("confirmOthersBody")}
          </p>
        </AlertDialog>
      )}
    </section>
  );
}
