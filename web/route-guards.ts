import { REFERRAL_PERMISSION } from "@/lib/constants";
import { ACCOUNT_TYPES } from "@/lib/vocabulary";

export type GuardClaims = {
  role: "user" | "admin" | "super_admin";
  userType: "personal" | "company";
  permissions: string[];
};

/** A toast to show after a redirect: a message key of messages/*.json and its values. */
export type FlashMessage = { key: string; values?: Record<string, string> };

export type GuardDecision =
  | { action: "allow" }
  | { action: "login" }
  | { action: "dashboard"; flash: FlashMessage };

const MEMBER_PREFIXES = [
  "/dashboard",
  "/profile",
  "/personal",
  "/company",
  "/referral-management",
  "/admin",
  "/two-factor",
  "/news",
  "/earnings",
  "/webshop-access",
  // The webshop's sign-in: the step that asks who the member is (web/oidc-pass-through.ts).
  "/oidc/interaction",
];

const matches = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

// The onboarding routes are named /personal-… and /company-….
const ONBOARDING_PREFIXES = ["/personal-", "/company-"];
const isOnboarding = (pathname: string, type: "personal" | "company") => pathname.startsWith(`/${type}-`);

export function requiresSession(pathname: string): boolean {
  return (
    MEMBER_PREFIXES.some((prefix) => matches(pathname, prefix)) ||
    ONBOARDING_PREFIXES.some((prefix) => pathname.startsWith(prefix))
  );
}

const RETURN_AFTER_LOGIN = /^\/oidc\/interaction\/[A-Za-z0-9_-]+$/;

/**
 * Where the login sends a member back to instead of the dashboard: only the webshop sign-in's
 * interaction, which needs them signed in to go on. Anything else (another site, another page)
 * is never taken from the address bar, so a crafted login link cannot send anyone elsewhere.
 */
export function returnAfterLogin(path: string | null | undefined): string | null {
  return path && RETURN_AFTER_LOGIN.test(path) ? path : null;
}

export const isAdminRole = (role: string | undefined) => role === "admin" || role === "super_admin";

export function canManageReferrals(claims: Pick<GuardClaims, "role" | "permissions">): boolean {
  return isAdminRole(claims.role) || claims.permissions.includes(REFERRAL_PERMISSION);
}

/**
 * Route guards, decided from the session's claims. Optimistic only: server components
 * re-check, and the API authorizes every call itself.
 */
export function decideAccess(pathname: string, claims: GuardClaims | null): GuardDecision {
  if (!requiresSession(pathname)) return { action: "allow" };
  if (!claims) return { action: "login" };

  if (matches(pathname, "/admin") && !isAdminRole(claims.role)) {
    return { action: "dashboard", flash: { key: "Guards.adminOnly" } };
  }
  for (const type of ACCOUNT_TYPES) {
    if ((matches(pathname, `/${type}`) || isOnboarding(pathname, type)) && claims.userType !== type) {
      return { action: "dashboard", flash: { key: "Guards.typeOnly", values: { type } } };
    }
  }
  if (matches(pathname, "/referral-management") && !canManageReferrals(claims)) {
    return { action: "dashboard", flash: { key: "Guards.referralPermission" } };
  }
  return { action: "allow" };
}
