"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { useSkipFirstLoad } from "@/components/api/use-skip-first-load";
import { useAuth } from "@/components/auth/auth-provider";
import { LoginLink } from "@/components/auth/login-link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { apiPath } from "@/lib/api/endpoint";
import { ApiProblem } from "@/lib/api/problem";
import { referralApi } from "@/lib/api/referrals";
import type { ReferralInfo } from "@/lib/schemas/referrals";
import { type LinkState, linkIsDead, REF_TOKEN_MAX_LENGTH } from "./referral-link-state";
import { referrerDisplay } from "./referrer-display";
import { referralInfoSchema } from "./registration-schemas.lazy";
import { RegistrationTabs } from "./registration-tabs";
import { SessionDialog } from "./session-dialog";

/**
 * /register?ref=…: check the referral link, ask a logged-in visitor to log out first, then the
 * registration form of either account type. `checked` is the server's answer for the first
 * render (the page then paints in its final state, without a checking line the form replaces);
 * without it the browser checks.
 */
export function RegisterPage({ refToken, checked }: { refToken: string | null; checked?: LinkState | null }) {
  const t = useTranslations("Register");
  const { user } = useAuth();
  const [link, setLink] = useState<LinkState>(
    () => checked ?? (refToken ? { kind: "checking" } : { kind: "invalid" }),
  );
  const skipFirstCheck = useSkipFirstLoad(Boolean(checked));
  const [loggedOut, setLoggedOut] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  const check = useCallback(
    async (signal?: AbortSignal) => {
      if (!refToken || refToken.length > REF_TOKEN_MAX_LENGTH) {
        setLink({ kind: "invalid" });
        return;
      }
      setLink({ kind: "checking" });
      try {
        const info = await api.get(apiPath(referralApi.info, { token: refToken }), referralInfoSchema, {
          signal,
        });
        setLink({ kind: "valid", info });
      } catch (error) {
        if (signal?.aborted) return;
        const status = error instanceof ApiProblem ? error.status : 0;
        setLink({ kind: linkIsDead(status) ? "invalid" : "unavailable" });
      }
    },
    [refToken],
  );

  useEffect(() => {
    if (skipFirstCheck()) return;
    const controller = new AbortController();
    void check(controller.signal);
    return () => controller.abort();
  }, [check, skipFirstCheck]);

  // After a change the visitor did not ask for (the link died on submit, the dialog closed),
  // the heading takes focus so screen readers announce the new state.
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  });

  const onLinkGone = useCallback(() => {
    focusHeading.current = true;
    setLink({ kind: "invalid" });
  }, []);

  if (link.kind === "invalid") {
    return (
      <RegisterShell title={t("invalid.title")} headingRef={headingRef}>
        <p className="text-slate-700">{t("invalid.description")}</p>
        <LoginLink className="mt-6">{t("invalid.toLogin")}</LoginLink>
      </RegisterShell>
    );
  }

  if (link.kind !== "valid") {
    return (
      <RegisterShell title={t("title")} headingRef={headingRef}>
        {link.kind === "checking" ? (
          <p role="status" className="text-slate-700">
            {t("checking")}
          </p>
        ) : (
          <div className="space-y-4">
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {t("unavailable")}
            </p>
            <Button block onClick={() => void check()}>
              {t("retry")}
            </Button>
          </div>
        )}
        <BackToLogin />
      </RegisterShell>
    );
  }

  // A logged-in visitor cannot register without logging out first.
  const sessionOpen = Boolean(user) && !loggedOut;
  return (
    <>
      <RegisterShell title={t("title")} headingRef={headingRef} inert={sessionOpen}>
        <ReferrerLine info={link.info} />
        {!sessionOpen && refToken && (
          <RegistrationTabs
            refToken={refToken}
            referralEmail={link.info.referrerEmail}
            onLinkGone={onLinkGone}
          />
        )}
        <BackToLogin />
      </RegisterShell>
      {sessionOpen && (
        <SessionDialog
          onLoggedOut={() => {
            focusHeading.current = true;
            setLoggedOut(true);
          }}
        />
      )}
    </>
  );
}

/** The white panel, like PublicCard, but wider for the forms and with a heading per state. */
function RegisterShell({
  title,
  headingRef,
  inert,
  children,
}: {
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  inert?: boolean;
  children: ReactNode;
}) {
  return (
    <main
      id="main"
      inert={inert}
      className="flex min-h-[calc(100vh-4rem)] items-start justify-center px-4 pb-16 pt-6 sm:items-center"
    >
      <Card as="section" aria-labelledby="register-title" className="w-full max-w-xl sm:p-8">
        <h1
          id="register-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-semibold text-slate-900 focus:outline-none"
        >
          {title}
        </h1>
        <div className="mt-4">{children}</div>
      </Card>
    </main>
  );
}

function BackToLogin() {
  const t = useTranslations("Register");
  const router = useRouter();
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <Button variant="secondary" block onClick={() => router.push("/login")}>
        {t("backToLogin")}
      </Button>
    </div>
  );
}

/** The referrer's name or email, else 'Unlimited Referral', else a placeholder. */
function ReferrerLine({ info }: { info: ReferralInfo }) {
  const t = useTranslations("Register.referrer");
  const display = referrerDisplay(info);
  return (
    <p className="mb-4 rounded-lg bg-brand-50 p-3 text-sm text-slate-800">
      {display.kind === "name"
        ? t.rich("invitedBy", {
            name: display.value,
            strong: (chunks) => <strong className="font-semibold text-slate-900 break-all">{chunks}</strong>,
          })
        : display.kind === "unlimited"
          ? t("unlimited")
          : t("unknown")}
    </p>
  );
}
