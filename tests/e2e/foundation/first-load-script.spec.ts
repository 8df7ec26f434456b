import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { seedUser, signIn } from "../support";

// What a page loads before anyone uses it decides how soon a phone on a slow link can paint and
// respond. The schema library (zod with the form resolver, about 46 KiB compressed) comes with
// the first use of a form or the first answer to check, and the toasts' library with the first
// toast: neither is part of a page's first load. Markers: zod's error class name and a class of
// sonner's own spinner (in its bundled styles), both kept by the minifier and in no code of ours.
const ZOD = /ZodError|\$ZodType/;
const SONNER = /sonner-loading-wrapper/;

type Script = { url: string; text: string };

/**
 * Records the scripts the page receives from now on; the returned function gives those so far.
 * Routing every request switches Playwright's browser cache off, so a chunk an earlier page
 * fetched still arrives (and counts) here.
 */
async function recordScripts(page: Page) {
  const scripts: Promise<Script>[] = [];
  await page.route("**/*", (route) => route.continue());
  page.on("response", (response) => {
    if (response.request().resourceType() === "script")
      scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  return () => Promise.all(scripts);
}

/** The scripts of a page load, up to a quiet network. */
async function firstLoad(page: Page, recorded: () => Promise<Script[]>, path: string) {
  const before = (await recorded()).length;
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  expect(new URL(page.url()).pathname, path).toBe(path);
  const loaded = (await recorded()).slice(before);
  expect(loaded.length, path).toBeGreaterThan(0);
  return loaded;
}

const carrying = (scripts: Script[], marker: RegExp) =>
  scripts.filter((script) => marker.test(script.text)).map((script) => script.url);

test("the sign-in page loads no schema library and no toasts before it is used; using it brings the checks", async ({
  page,
}) => {
  const recorded = await recordScripts(page);
  const loaded = await firstLoad(page, recorded, "/login");
  expect(carrying(loaded, ZOD)).toEqual([]);
  expect(carrying(loaded, SONNER)).toEqual([]);

  // The first focus fetches the checks; a wrong address is then refused beside its field, and a
  // wrong password is answered with a toast.
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("x");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  expect(carrying(await recorded(), ZOD).length).toBeGreaterThan(0);

  await page.getByLabel("Email").fill("nobody@e2e.example.com");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Invalid credentials")).toBeVisible();
  expect(carrying(await recorded(), SONNER).length).toBeGreaterThan(0);
});

test("a member's and an admin's pages load no schema library and no toasts at first", async ({ page }) => {
  const recorded = await recordScripts(page);
  const member = await seedUser(page.request, {
    status: "active",
    approved: true,
    permissions: ["can_create_referrals"],
  });
  await signIn(page, member);
  for (const path of ["/dashboard", "/personal/profile", "/referral-management"]) {
    const loaded = await firstLoad(page, recorded, path);
    expect(carrying(loaded, ZOD), path).toEqual([]);
    expect(carrying(loaded, SONNER), path).toEqual([]);
  }

  await page.context().clearCookies();
  const admin = await seedUser(page.request, { role: "admin", status: "active", approved: true });
  await signIn(page, admin);
  for (const path of [
    "/admin/dashboard",
    "/admin/user-management",
    `/admin/user-management/view/${member.id}`,
    "/admin/contract-templates",
  ]) {
    const loaded = await firstLoad(page, recorded, path);
    expect(carrying(loaded, ZOD), path).toEqual([]);
    expect(carrying(loaded, SONNER), path).toEqual([]);
  }
});
