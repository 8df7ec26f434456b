"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useState } from "react";
import { Card } from "@/components/ui/card";
import { linkClass } from "@/components/ui/styles";
import { SESSION_TIMING } from "@/lib/constants";
import { useAuth } from "./auth-provider";

/**
 * Nothing renders until the user is known, so no member page flashes for a visitor. 'Loading
 * authentication...' meanwhile; after 2 s without a user the wait stops with an error and a way
 * back to the login.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const t = useTranslations("Auth");
  const { user } = useAuth();
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (user) return;
    const timer = window.setTimeout(() => setTimedOut(true), SESSION_TIMING.permissionWaitMs);
    return () => window.clearTimeout(timer);
  }, [user]);

  if (user) return <>{children}</>;
  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center px-4">
      <Card className="text-center" role="status" aria-live="polite">
        {timedOut ? (
          <>
            <p className="text-slate-800">{t("authError")}</p>
            <Link href="/login" className={`${linkClass} mt-3 inline-block`}>
              {t("goToLogin")}
            </Link>
          </>
        ) : (
          <p className="text-slate-800">{t("loading")}</p>
        )}
      </Card>
    </main>
  );
}
