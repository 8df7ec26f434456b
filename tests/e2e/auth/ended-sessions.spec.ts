import type { APIRequestContext, Browser, Page, Response } from "@playwright/test";
import { apiURL, baseURL } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { mailTo, nextTotpCode, seedUser, signIn } from "../support";

// A session can end on the server while the browser still holds a valid access cookie:
// suspension, deletion, a logout elsewhere, a password reset, a role change. The next page load
// must clear the cookies and land on /login with the reason, in one redirect, never a loop.

/**
 * A super admin's Bearer token, straight from the API: seeded with an authenticator, signed in
 * with both steps (the API serves admin calls only to sessions that proved a second factor).
 */
async function adminToken(request: APIRequestContext): Promise<string> {
  const admin = await seedUser(request, { role: "super_admin" });
  const first = await request.post(`${apiURL}/api/auth/login`, {
    data: { email: admin.email, password: admin.password },
  });
  expect(first.status()).toBe(200);
  const { challenge } = (await first.json()) as { challenge: string };
  const second = await request.post(`${apiURL}/api/auth/login/totp`, {
    data: { challenge, code: await nextTotpCode(admin.totpSecret ?? "") },
  });
  expect(second.status()).toBe(200);
  return ((await second.json()) as { accessToken: string }).accessToken;
}

async function asAdmin(request: APIRequestContext, method: string, path: string, data?: unknown) {
  const response = await request.fetch(`${apiURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data,
  });
  expect(response.status(), `${method} ${path}`).toBe(200);
}

/** Each redirect the navigation went through, oldest first. */
function redirectChain(response: Response | null): string[] {
  const chain: string[] = [];
  let request = response?.request().redirectedFrom() ?? null;
  while (request) {
    chain.unshift(new URL(request.url()).pathname);
    request = request.redirectedFrom();
  }
  return chain;
}

async function expectSignedOutOnLogin(page: Page, from: string, message: string) {
  // Leave the app first: the open page's own session timer (a refresh due a few seconds after
  // sign-in with the tests' short tokens) would otherwise race this load to the ended session.
  await page.goto("about:blank");
  const response = await page.goto(from);
  expect(page.url()).toBe(`${baseURL}/login`);
  expect(response?.status()).toBe(200);
  expect(redirectChain(response), "one redirect, straight to /login").toEqual([from]);
  await expect(page.locator("[data-sonner-toast]").getByText(message)).toBeVisible();
  const names = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain("pp_at");
  expect(names).not.toContain("pp_rt");
  await expect(page.getByRole("button", { name: "Log in", exact: true })).toBeVisible();
  await expectAccessible(page);
}

async function signedInMember(page: Page, request: APIRequestContext, role: "user" | "admin" = "user") {
  const member = await seedUser(request, { status: "active", role });
  await signIn(page, member);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  return member;
}

test("suspended: the next page load ends on /login with the reason; after reactivation /login works", async ({
  page,
  request,
}) => {
  const member = await signedInMember(page, request);

  await asAdmin(request, "POST", `/api/admin/users/${member.id}/suspend`);
  await expectSignedOutOnLogin(page, "/dashboard", "Your account is suspended. Please contact support.");

  await asAdmin(request, "POST", `/api/admin/users/${member.id}/reactivate`);
  const again = await page.goto("/login");
  expect(redirectChain(again)).toEqual([]);
  await signIn(page, member);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("deleted: the next page load ends on /login", async ({ page, request }) => {
  const member = await signedInMember(page, request);

  await asAdmin(request, "DELETE", `/api/admin/user/${member.id}`);
  await expectSignedOutOnLogin(page, "/profile", "Session expired. Please sign in again.");
});

async function sameSessionElsewhere(browser: Browser, page: Page) {
  const other = await browser.newContext({ baseURL });
  await other.addCookies(await page.context().cookies());
  return other;
}

test("logged out elsewhere: the other tab's next page load ends on /login", async ({
  browser,
  page,
  request,
}) => {
  await signedInMember(page, request);
  const elsewhere = await sameSessionElsewhere(browser, page);
  try {
    const logout = await elsewhere.request.post("/api/auth/logout", { headers: { Origin: baseURL } });
    expect(logout.status()).toBe(200);
  } finally {
    await elsewhere.close();
  }

  await expectSignedOutOnLogin(page, "/dashboard", "Session expired. Please sign in again.");
});

test("password reset: sessions opened before it end on the next page load", async ({ page, request }) => {
  const member = await signedInMember(page, request);

  const asked = await request.post(`${apiURL}/api/auth/request-password-reset`, {
    data: { email: member.email },
  });
  expect(asked.status()).toBe(200);
  const mail = await mailTo(member.email, /reset your password/i);
  const token = /token=([\w-]+)/.exec(mail.text)?.[1] ?? "";
  const reset = await request.post(`${apiURL}/api/auth/reset-password`, {
    data: { token, newPassword: "An0ther-Passw0rd!" },
  });
  expect(reset.status()).toBe(200);

  await expectSignedOutOnLogin(page, "/dashboard", "Session expired. Please sign in again.");
});

test("role change: an admin demoted to member is signed out and signs in as a member", async ({
  page,
  request,
}) => {
  const admin = await signedInMember(page, request, "admin");
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The page's own calls must be answered first: one still in flight when the role changes gets
  // a 401, ends the session from the browser, and the navigation below would race it.
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);

  await asAdmin(request, "PUT", `/api/admin/users/${admin.id}/role`, { role: "user" });
  await expectSignedOutOnLogin(page, "/admin/dashboard", "Session expired. Please sign in again.");

  await signIn(page, admin);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
});
