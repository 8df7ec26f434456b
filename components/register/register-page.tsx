"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { z } from "zod";
import { useAuth } from "@/components/auth/auth-provider";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { linkClass, primaryButtonClass } from "@/components/ui/form-field";
import { REDIRECT_DELAY_MS } from "@/lib/constants";
import { notify } from "@/lib/notify";
import { errorResponseSchema } from "@/lib/schemas/common";
import { type ReferralInfo, referralInfoSchema, referrerDisplay } from "@/lib/schemas/referrals";
import type { RegistrationErrorKey, RegistrationProblem } from "@/lib/schemas/registration";
import { CompanyForm, type CompanyRegistrationBody } from "./company-form";
import { PersonalForm, type PersonalRegistrationBody } from "./personal-form";
import { useCountryDetection } from "./use-country-detection";

/** Spec §2: switching tab fades the new panel in over 180 ms. */
const TAB_FADE_MS = 180;
/** The API takes tokens of at most 200 characters; a longer one can never be a link. */
const REF_TOKEN_MAX_LENGTH = 200;

const secondaryButtonClass =
  "inline-flex w-full items-center justify-center gap-2 rounded-lg border border-slate-400 bg-white px-4 py-2.5 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:cursor-not-allowed aria-disabled:text-slate-600";

type LinkState =
  | { kind: "checking" }
  | { kind: "invalid" }
  /** The check itself failed (network or a 5xx): it says nothing about the link. */
  | { kind: "unavailable" }
  | { kind: "valid"; info: ReferralInfo };

/**
 * Spec §2 /register?ref=…: check the referral link, ask a logged-in user to log out first,
 * then the personal and company forms.
 */
export function RegisterPage({ refToken }: { refToken: string | null }) {
  const t = useTranslations("Register");
  const { user } = useAuth();
  const [link, setLink] = useState<LinkState>(refToken ? { kind: "checking" } : { kind: "invalid" });
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
        const response = await fetch(`/api/referral/info/${encodeURIComponent(refToken)}`, {
          cache: "no-store",
          signal,
        });
        if (response.ok) {
          const info = referralInfoSchema.safeParse(await response.json());
          setLink(info.success ? { kind: "valid", info: info.data } : { kind: "unavailable" });
        } else if (response.status >= 500 || response.status === 429) {
          setLink({ kind: "unavailable" });
        } else {
          // 404 unknown, 410 expired / used up / deactivated / owner inactive, 422 malformed.
          setLink({ kind: "invalid" });
        }
      } catch {
        if (!signal?.aborted) setLink({ kind: "unavailable" });
      }
    },
    [refToken],
  );

  useEffect(() => {
    const controller = new AbortController();
    void check(controller.signal);
    return () => controller.abort();
  }, [check]);

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
        <p className="mt-6">
          <Link href="/login" className={linkClass}>
            {t("invalid.toLogin")}
          </Link>
        </p>
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
            <button type="button" className={primaryButtonClass} onClick={() => void check()}>
              {t("retry")}
            </button>
          </div>
        )}
        <BackToLogin />
      </RegisterShell>
    );
  }

  // Spec §1: a logged-in user cannot register without logging out first.
  const sessionOpen = Boolean(user) && !loggedOut;
  return (
    <>
      <RegisterShell title={t("title")} headingRef={headingRef} inert={sessionOpen}>
        <ReferrerLine info={link.info} />
        {!sessionOpen && refToken && <RegistrationTabs refToken={refToken} onLinkGone={onLinkGone} />}
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
      <section
        aria-labelledby="register-title"
        className="w-full max-w-xl rounded-2xl bg-white p-6 shadow-xl sm:p-8"
      >
        <h1
          id="register-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-semibold text-slate-900 focus:outline-none"
        >
          {title}
        </h1>
        <div className="mt-4">{children}</div>
      </section>
    </main>
  );
}

function BackToLogin() {
  const t = useTranslations("Register");
  const router = useRouter();
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <button type="button" className={secondaryButtonClass} onClick={() => router.push("/login")}>
        {t("backToLogin")}
      </button>
    </div>
  );
}

/** Spec §3: the referrer's name or email, else 'Unlimited Referral', else a placeholder. */
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

/**
 * Spec §2 'Session Detected': a modal that keeps focus inside; Escape means 'No'. Logging out
 * stays on /register (the provider's logout would go to /login), so it calls the BFF itself.
 */
function SessionDialog({ onLoggedOut }: { onLoggedOut: () => void }) {
  const t = useTranslations("Register.session");
  const tAuth = useTranslations("Auth");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const logoutRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    logoutRef.current?.focus();
    // Focus that lands outside (e.g. a click on the page behind) comes back in.
    const onFocusIn = (event: FocusEvent) => {
      if (!dialogRef.current?.contains(event.target as Node)) logoutRef.current?.focus();
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, []);

  const goToDashboard = () => {
    if (!busy) router.push("/dashboard");
  };

  const logOut = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    } catch {
      // Still logged in: registering now would break the spec §1 rule, so the dialog stays.
      notify.error(tAuth("logoutFailed"));
      setBusy(false);
      logoutRef.current?.focus();
      return;
    }
    try {
      // The session mirror the auth provider keeps (spec §3), as its own logout clears it.
      for (const key of ["user", "userType", "role"]) window.sessionStorage.removeItem(key);
    } catch {
      // Storage can be unavailable.
    }
    onLoggedOut();
    router.refresh();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      goToDashboard();
      return;
    }
    if (event.key !== "Tab") return;
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>("button") ?? []);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="session-dialog-title"
        aria-describedby="session-dialog-description"
        onKeyDown={onKeyDown}
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id="session-dialog-title" className="text-xl font-semibold text-slate-900">
          {t("title")}
        </h2>
        <p id="session-dialog-description" className="mt-2 text-slate-700">
          {t("description")}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <button
            ref={logoutRef}
            type="button"
            className={primaryButtonClass}
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
            onClick={() => void logOut()}
          >
            {busy && <Spinner />}
            {busy ? t("loggingOut") : t("logout")}
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            aria-disabled={busy || undefined}
            onClick={goToDashboard}
          >
            {t("dashboard")}
          </button>
        </div>
      </div>
    </div>
  );
}

function Spinner() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className="size-4 motion-safe:animate-spin">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" className="opacity-75" />
    </svg>
  );
}

type Tab = "personal" | "company";
const TABS: Tab[] = ["personal", "company"];
/** Spec §4 registration states. */
type SubmitStatus = "idle" | "submitting" | "success" | "error";
type RegistrationError = { id: number; message: string; fields: readonly string[] };

const validationDetailsSchema = z.object({ field: z.string().optional(), key: z.string() });

function RegistrationTabs({ refToken, onLinkGone }: { refToken: string; onLinkGone: () => void }) {
  const t = useTranslations("Register");
  const router = useRouter();
  const apiErrorMessage = useApiErrorMessage();
  const country = useCountryDetection();
  const [tab, setTab] = useState<Tab>("personal");
  /** Bumped when a form is left, so it comes back empty (spec §2: the other form is reset). */
  const [generation, setGeneration] = useState<Record<Tab, number>>({ personal: 0, company: 0 });
  const [status, setStatus] = useState<SubmitStatus>("idle");
  const [error, setError] = useState<RegistrationError | null>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ personal: null, company: null });
  const panelRefs = useRef<Record<Tab, HTMLDivElement | null>>({ personal: null, company: null });
  const redirectTimer = useRef<number | undefined>(undefined);
  const switched = useRef(false);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  // The fade of the newly shown panel, started before paint so it never flashes in at full
  // opacity; none for visitors who ask for reduced motion.
  useLayoutEffect(() => {
    if (!switched.current) return;
    const panel = panelRefs.current[tab];
    if (!panel || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const animation = panel.animate([{ opacity: 0 }, { opacity: 1 }], {
      duration: TAB_FADE_MS,
      easing: "ease-out",
    });
    return () => animation.cancel();
  }, [tab]);

  const busy = status === "submitting" || status === "success";

  const switchTo = (next: Tab) => {
    tabRefs.current[next]?.focus();
    if (next === tab || busy) return;
    switched.current = true;
    setError(null);
    setStatus("idle");
    setGeneration((current) => ({ ...current, [tab]: current[tab] + 1 }));
    setTab(next);
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    const target =
      event.key === "ArrowRight"
        ? TABS[(index + 1) % TABS.length]
        : event.key === "ArrowLeft"
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === "Home"
            ? TABS[0]
            : event.key === "End"
              ? TABS[TABS.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    switchTo(target);
  };

  const showError = useCallback((message: string, fields: readonly string[]) => {
    setError((current) => ({ id: (current?.id ?? 0) + 1, message, fields }));
    setStatus("error");
    notify.error(message);
  }, []);

  const problemMessage = (key: RegistrationErrorKey) => t(`errors.${key}`);
  const onProblem = (problem: RegistrationProblem | null, fields: string[]) =>
    showError(problem ? problemMessage(problem.key) : t("errors.invalidData"), fields);

  const submit = async (kind: Tab, body: PersonalRegistrationBody | CompanyRegistrationBody) => {
    if (busy) return;
    setStatus("submitting");
    setError(null);
    const emailField = kind === "personal" ? "email" : "companyEmail";
    try {
      const response = await fetch(`/api/register/${kind}-referral`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.ok) {
        setStatus("success");
        notify.success(t("success"));
        redirectTimer.current = window.setTimeout(
          () => router.push("/login"),
          REDIRECT_DELAY_MS.afterRegistration,
        );
        return;
      }
      if (response.status === 404 || response.status === 410) {
        notify.error(t("invalid.title"));
        onLinkGone();
        return;
      }
      const parsed = errorResponseSchema.safeParse(await response.json().catch(() => null));
      const apiError = parsed.success ? parsed.data.error : null;
      if (response.status === 422) {
        const details = validationDetailsSchema.safeParse(apiError?.details);
        const key = details.success ? `errors.${details.data.key}` : null;
        // The API's key is one of the shared check's keys; anything else reads 'Invalid data'.
        const message = key && t.has(key as never) ? t(key as never) : t("errors.invalidData");
        showError(message, details.success && details.data.field ? [details.data.field] : []);
      } else if (response.status === 409) {
        showError(t("errors.emailInUse"), [emailField]);
      } else if (response.status === 429 || response.status >= 500) {
        const info = {
          status: response.status,
          code: apiError?.code ?? "",
          message: apiError?.message ?? "",
        };
        showError(apiErrorMessage(info, t("errors.failed")), []);
      } else {
        showError(t("errors.invalidData"), []);
      }
    } catch {
      showError(t("errors.failed"), []);
    }
  };

  const submitButton = (
    <button
      type="submit"
      className={primaryButtonClass}
      disabled={busy}
      aria-busy={status === "submitting" || undefined}
    >
      {status === "submitting" && <Spinner />}
      {status === "submitting" ? t("form.submitting") : t("form.submit")}
    </button>
  );

  return (
    <div data-state={status}>
      <div
        role="tablist"
        aria-label={t("tabs.label")}
        className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
      >
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`register-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`register-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => switchTo(name)}
            onKeyDown={onTabKeyDown}
            className={`rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
              tab === name ? "bg-white text-brand-800 shadow-sm" : "text-slate-700 hover:bg-white/60"
            }`}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      {TABS.map((name) => {
        const errorId = `register-error-${name}`;
        const formKey = `${name}-${generation[name]}`;
        const shared = {
          refToken,
          country,
          error: tab === name ? error : null,
          errorId,
          footer: submitButton,
          onProblem,
        };
        return (
          <div
            key={name}
            ref={(element) => {
              panelRefs.current[name] = element;
            }}
            role="tabpanel"
            id={`register-panel-${name}`}
            aria-labelledby={`register-tab-${name}`}
            hidden={tab !== name}
            className="mt-4"
          >
            {tab === name && error && (
              <p
                key={error.id}
                id={errorId}
                role="alert"
                className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-800"
              >
                {error.message}
              </p>
            )}
            {name === "personal" ? (
              <PersonalForm key={formKey} {...shared} onValid={(body) => void submit("personal", body)} />
            ) : (
              <CompanyForm key={formKey} {...shared} onValid={(body) => void submit("company", body)} />
            )}
          </div>
        );
      })}
    </div>
  );
}
