"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { api } from "@/components/api/client";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { SESSION_TIMING } from "@/lib/constants";
import { notify } from "@/lib/notify";
import type { BrowserSession, SessionUser } from "@/lib/schemas/auth";
import { clearStoredSession } from "./stored-session";

type AuthStatus = "loading" | "authenticated" | "unauthenticated";

type AuthContextValue = {
  user: SessionUser | null;
  status: AuthStatus;
  /** fetch for /api/* calls: one refresh and one retry on a 401, then logout. */
  apiFetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** Starts a session in the page after a login call answered with it. */
  signIn: (session: BrowserSession) => void;
  logout: (options?: { silent?: boolean }) => Promise<void>;
  refresh: () => Promise<boolean>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth outside AuthProvider");
  return value;
}

/** A missing, unparseable or past expiry counts as expired: better one refresh too many than a 401. */
function expiryOf(session: BrowserSession | null): number {
  const at = session ? Date.parse(session.accessTokenExpiresAt) : Number.NaN;
  return Number.isFinite(at) ? at : 0;
}

/**
 * The page's session client. Tokens stay in httpOnly cookies held by the BFF; the page knows
 * the user and when the access token expires, and refreshes 10 s before that.
 */
export function AuthProvider({
  initialSession,
  children,
}: {
  initialSession: BrowserSession | null;
  children: ReactNode;
}) {
  const router = useRouter();
  const t = useTranslations("Auth");
  const [session, setSession] = useState<BrowserSession | null>(initialSession);
  const [status, setStatus] = useState<AuthStatus>(initialSession ? "authenticated" : "unauthenticated");

  // After router.refresh() the server renders the session anew (for example null after a
  // logout that stays on the page): follow it.
  const serverSession = useRef(initialSession);
  useEffect(() => {
    if (serverSession.current === initialSession) return;
    serverSession.current = initialSession;
    setSession(initialSession);
    setStatus(initialSession ? "authenticated" : "unauthenticated");
  }, [initialSession]);

  const clear = useCallback(() => {
    setSession(null);
    setStatus("unauthenticated");
    clearStoredSession();
  }, []);

  // The refresh itself lives in the API client (one refresh at a time, shared with its 401 rule).
  const refresh = useCallback((): Promise<boolean> => api.refreshSession(), []);

  const logout = useCallback(
    async ({ silent = false }: { silent?: boolean } = {}) => {
      try {
        // Leaving needs no fresh session: a 401 must not start a refresh (nor another logout).
        await api.post(apiPath(authApi.logout), undefined, undefined, { anonymous: true });
        if (!silent) notify.success(t("logoutSuccess"));
      } catch {
        if (!silent) notify.error(t("logoutFailed"));
      } finally {
        // Logout always clears local state, even when the call failed: the user asked to leave.
        clear();
        router.replace("/login");
        router.refresh();
      }
    },
    [clear, router, t],
  );

  // A page that is going away (reload, navigation) has its calls cut off, a refresh among them:
  // that is no verdict on the session, and a logout sent from there would end the session the
  // next page is already using. The next page checks the session itself.
  const leaving = useRef(false);
  useEffect(() => {
    const away = () => {
      leaving.current = true;
    };
    const back = () => {
      leaving.current = false;
    };
    window.addEventListener("pagehide", away);
    window.addEventListener("pageshow", back);
    return () => {
      window.removeEventListener("pagehide", away);
      window.removeEventListener("pageshow", back);
    };
  }, []);

  // A session whose refresh failed is over: the failed refresh already cleared its cookies. The
  // page only forgets it and goes to /login. It sends no logout: by now the cookies may hold a
  // session someone signed in with in another tab, and a logout would end that one instead.
  const ended = useCallback(() => {
    clear();
    router.replace("/login");
    router.refresh();
  }, [clear, router]);

  // The client refreshes and retries on a 401; when that fails the session has ended.
  useEffect(
    () =>
      api.setSessionHooks({
        onRefreshed: (next) => {
          setSession(next);
          setStatus("authenticated");
        },
        onExpired: () => {
          if (leaving.current) return;
          notify.error(t("sessionExpired"));
          ended();
        },
      }),
    [ended, t],
  );

  const apiFetch = useCallback((path: string, init?: RequestInit) => api.fetch(path, init), []);

  const signIn = useCallback((next: BrowserSession) => {
    setSession(next);
    setStatus("authenticated");
  }, []);

  // Mirror of the user for code that reads session storage (user, userType, role).
  useEffect(() => {
    try {
      if (session) {
        window.sessionStorage.setItem("user", JSON.stringify(session.user));
        window.sessionStorage.setItem("userType", session.user.userType);
        window.sessionStorage.setItem("role", session.user.role);
      }
    } catch {
      // Storage can be unavailable.
    }
  }, [session]);

  // Refresh 10 s before expiry (at least 1 s from now), plus the 14-minute expiry check.
  useEffect(() => {
    if (!session) return;
    const delay = Math.max(
      SESSION_TIMING.minimumRefreshDelayMs,
      expiryOf(session) - Date.now() - SESSION_TIMING.refreshBeforeExpiryMs,
    );
    const onFailure = (ok: boolean) => {
      if (!ok && !leaving.current) ended();
    };
    const timer = window.setTimeout(() => void refresh().then(onFailure), delay);
    const check = window.setInterval(() => {
      if (expiryOf(session) <= Date.now()) void refresh().then(onFailure);
    }, SESSION_TIMING.expiryCheckIntervalMs);
    return () => {
      window.clearTimeout(timer);
      window.clearInterval(check);
    };
  }, [session, refresh, ended]);

  const value = useMemo<AuthContextValue>(
    () => ({ user: session?.user ?? null, status, apiFetch, signIn, logout, refresh }),
    [session, status, apiFetch, signIn, logout, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
