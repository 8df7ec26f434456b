import { describe, expect, it } from "vitest";
import {
  canManageReferrals,
  decideAccess,
  type GuardClaims,
  requiresSession,
  returnAfterLogin,
} from "./route-guards";

// Route guards as proxy.ts applies them to every page request.

const claims = (overrides: Partial<GuardClaims> = {}): GuardClaims => ({
  role: "user",
  userType: "personal",
  permissions: [],
  ...overrides,
});

const personalUser = claims();
const companyUser = claims({ userType: "company" });
const personalAdmin = claims({ role: "admin" });
const companySuperAdmin = claims({ role: "super_admin", userType: "company" });
const referrer = claims({ permissions: ["can_create_referrals"] });

const allow = { action: "allow" } as const;
const login = { action: "login" } as const;
const adminOnly = { action: "dashboard", flash: { key: "Guards.adminOnly" } } as const;
const referralPermission = { action: "dashboard", flash: { key: "Guards.referralPermission" } } as const;
const typeOnly = (type: "personal" | "company") =>
  ({ action: "dashboard", flash: { key: "Guards.typeOnly", values: { type } } }) as const;

const PUBLIC_PATHS = ["/", "/login", "/register", "/password-reset", "/password-reset-set", "/some-unknown"];

const ADMIN_PATHS = [
  "/admin",
  "/admin/",
  "/admin/dashboard",
  "/admin/user-management",
  "/admin/user-management/view/x",
  "/admin/user-management/profile/x",
  "/admin/user-management/verify/x",
  "/admin/permission-management",
  "/admin/verify-users",
  "/admin/contract-dashboard",
];
const PERSONAL_PATHS = [
  "/personal-verify-email",
  "/personal-id-upload",
  "/personal-complete-profile",
  "/personal-sign-contract",
  "/personal/profile",
];
const COMPANY_PATHS = [
  "/company-verify-email",
  "/company-id-upload",
  "/company-complete-profile",
  "/company-sign-contract",
  "/company/profile",
];
const MEMBER_PATHS = [
  "/dashboard",
  "/profile",
  "/personal/profile",
  "/company/profile",
  "/personal-verify-email",
  "/company-id-upload",
  "/referral-management",
  "/admin",
  "/admin/user-management/view/x",
  "/news",
  "/earnings",
];

// Same first letters as a guarded route but another route: none of these exists, so they are
// public 404s, and must neither demand a login nor give anyone admin or type treatment.
const LOOK_ALIKES = [
  "/administrator",
  "/admins",
  "/adminx/dashboard",
  "/dashboards",
  "/dashboardx",
  "/profiles",
  "/companyx",
  "/companies/profile",
  "/personalized",
  "/referral-managements",
  "/newsletter",
  "/earningsx",
  "/login/admin",
  "/x/admin",
  "/help/dashboard",
];

describe("decideAccess: visitors without a session", () => {
  it.each(PUBLIC_PATHS)("allows public %s", (path) => {
    expect(decideAccess(path, null)).toEqual(allow);
    expect(requiresSession(path)).toBe(false);
  });

  it.each(MEMBER_PATHS)("sends %s to login", (path) => {
    expect(decideAccess(path, null)).toEqual(login);
    expect(requiresSession(path)).toBe(true);
  });
});

describe("decideAccess: public pages stay open to signed-in users", () => {
  it.each(PUBLIC_PATHS)("%s", (path) => {
    for (const user of [personalUser, companyUser, personalAdmin])
      expect(decideAccess(path, user)).toEqual(allow);
  });
});

describe("decideAccess: admin guard", () => {
  it.each(ADMIN_PATHS)("%s: a plain user goes to the dashboard with the admin-only toast", (path) => {
    expect(decideAccess(path, personalUser)).toEqual(adminOnly);
    expect(decideAccess(path, companyUser)).toEqual(adminOnly);
    // A permission is not a role.
    expect(decideAccess(path, referrer)).toEqual(adminOnly);
  });

  it.each(ADMIN_PATHS)("%s: admin and super_admin are let in", (path) => {
    expect(decideAccess(path, personalAdmin)).toEqual(allow);
    expect(decideAccess(path, companySuperAdmin)).toEqual(allow);
  });
});

describe("decideAccess: account-type guards", () => {
  it.each(PERSONAL_PATHS)("%s: personal users only", (path) => {
    expect(decideAccess(path, personalUser)).toEqual(allow);
    expect(decideAccess(path, companyUser)).toEqual(typeOnly("personal"));
    // The type guard holds for admins too: an admin has one account type like everyone else.
    expect(decideAccess(path, companySuperAdmin)).toEqual(typeOnly("personal"));
  });

  it.each(COMPANY_PATHS)("%s: company users only", (path) => {
    expect(decideAccess(path, companyUser)).toEqual(allow);
    expect(decideAccess(path, personalUser)).toEqual(typeOnly("company"));
    expect(decideAccess(path, personalAdmin)).toEqual(typeOnly("company"));
  });

  it.each(["/dashboard", "/profile"])("%s is open to both types", (path) => {
    expect(decideAccess(path, personalUser)).toEqual(allow);
    expect(decideAccess(path, companyUser)).toEqual(allow);
  });
});

describe("decideAccess: referral management", () => {
  it.each([
    ["a personal user without the permission", personalUser, referralPermission],
    ["a company user without the permission", companyUser, referralPermission],
    ["a user with other permissions only", claims({ permissions: ["can_view_news"] }), referralPermission],
    ["a user with can_create_referrals", referrer, allow],
    [
      "a company user with can_create_referrals",
      claims({ ...companyUser, permissions: ["can_create_referrals"] }),
      allow,
    ],
    ["an admin", personalAdmin, allow],
    ["a super_admin", companySuperAdmin, allow],
  ])("/referral-management for %s", (_who, user, decision) => {
    expect(decideAccess("/referral-management", user)).toEqual(decision);
    expect(decideAccess("/referral-management/links", user)).toEqual(decision);
  });
});

describe("canManageReferrals (also decides the header's Referrals link)", () => {
  it.each([
    [{ role: "user", permissions: [] }, false],
    [{ role: "user", permissions: ["can_create_referral"] }, false],
    [{ role: "user", permissions: ["can_create_referrals"] }, true],
    [{ role: "admin", permissions: [] }, true],
    [{ role: "super_admin", permissions: [] }, true],
  ] as const)("%o → %s", (user, expected) => {
    expect(canManageReferrals({ role: user.role, permissions: [...user.permissions] })).toBe(expected);
  });
});

describe("decideAccess: look-alike paths are not the guarded routes", () => {
  it.each(LOOK_ALIKES)("%s is public and gets no guard toast", (path) => {
    expect(requiresSession(path)).toBe(false);
    expect(decideAccess(path, null)).toEqual(allow);
    for (const user of [personalUser, companyUser]) expect(decideAccess(path, user)).toEqual(allow);
  });
});

describe("returnAfterLogin", () => {
  it("sends the login back to the webshop sign-in's interaction, and nowhere else", () => {
    expect(returnAfterLogin("/oidc/interaction/Abc_123-xyz")).toBe("/oidc/interaction/Abc_123-xyz");
    for (const elsewhere of [
      null,
      undefined,
      "",
      "https://evil.example.com/oidc/interaction/abc",
      "//evil.example.com/oidc/interaction/abc",
      "/oidc/interaction/abc/../../admin",
      "/oidc/interaction/abc?x=1",
      "/admin/dashboard",
      "/oidc/token",
    ]) {
      expect(returnAfterLogin(elsewhere), String(elsewhere)).toBeNull();
    }
  });
});
