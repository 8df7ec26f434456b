"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { api } from "@/components/api/client";
import { clearStoredSession } from "@/components/auth/stored-session";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { notify } from "@/lib/notify";

/**
 * A logged-in visitor cannot register without logging out first. Escape means 'No'. Logging out
 * stays on /register (the auth provider's logout would go to /login), so it calls the BFF itself.
 */
export function SessionDialog({ onLoggedOut }: { onLoggedOut: () => void }) {
  const t = useTranslations("Register.session");
  const tAuth = useTranslations("Auth");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const logoutRef = useRef<HTMLButtonElement>(null);

  const goToDashboard = () => {
    if (!busy) router.push("/dashboard");
  };

  const logOut = async () => {
    setBusy(true);
    try {
      await api.post(apiPath(authApi.logout));
    } catch {
      // Still logged in: registering now would mix two accounts, so the dialog stays.
      notify.error(tAuth("logoutFailed"));
      setBusy(false);
      logoutRef.current?.focus();
      return;
    }
    // Everything stored about the session, as the auth provider's own logout clears it.
    clearStoredSession();
    onLoggedOut();
    router.refresh();
  };

  return (
    <Dialog
      title={t("title")}
      description={t("description")}
      onClose={goToDashboard}
      dismissible={!busy}
      initialFocus={logoutRef}
      footer={
        <>
          <Button ref={logoutRef} loading={busy} onClick={() => void logOut()}>
            {busy ? t("loggingOut") : t("logout")}
          </Button>
          <Button variant="secondary" aria-disabled={busy || undefined} onClick={goToDashboard}>
            {t("dashboard")}
          </Button>
        </>
      }
    />
  );
}
