import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "../fixtures";
import { seedUser, signIn } from "../support";
import { onboardCompanyMember, onboardPersonalMember } from "./onboard-via-api";

const tag = () => `t${crypto.randomBytes(4).toString("hex")}`;

/**
 * Opens `path` with the page's scripts held back, as on a slow connection, types `text` into the
 * search box, then lets the scripts run and waits until React has taken the box over.
 */
async function typeBeforeScripts(page: Page, path: string, text: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/_next/static/chunks/**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "commit" });
  const search = page.getByLabel("Search", { exact: true });
  await search.fill(text);
  release();
  await expect
    .poll(() => search.evaluate((box) => Object.keys(box).some((name) => name.startsWith("__reactProps"))))
    .toBe(true);
  await page.unroute("**/_next/static/chunks/**");
  return search;
}

test("a deep-linked filtered user list survives reload and back/forward", async ({ page, request }) => {
  const key = tag();
  const person = await seedUser(request, { email: `${key}-person@e2e.example.com` });
  const company = await seedUser(request, {
    email: `${key}-company@e2e.example.com`,
    userType: "company",
    companyName: `Firma ${key}`,
  });
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);

  const rows = page.getByRole("row");
  const expectCompanyOnly = async () => {
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue(key);
    await expect(page.getByLabel("Type", { exact: true })).toHaveValue("company");
    await expect(rows.filter({ hasText: company.email })).toHaveCount(1);
    await expect(rows.filter({ hasText: person.email })).toHaveCount(0);
  };

  // The first render already holds the filtered list (no request from the browser needed).
  const response = await page.request.get(`/admin/user-management?search=${key}&user_type=company`);
  expect(await response.text()).toContain(company.email);

  await page.goto(`/admin/user-management?search=${key}&user_type=company`);
  await expectCompanyOnly();
  await expectAccessible(page);
  await page.reload();
  await expectCompanyOnly();

  await page.getByLabel("Type", { exact: true }).selectOption("personal");
  await expect(page).toHaveURL(/user_type=personal/);
  await expect(rows.filter({ hasText: person.email })).toHaveCount(1);
  await expect(rows.filter({ hasText: company.email })).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(/user_type=company/);
  await expectCompanyOnly();
  await page.goForward();
  await expect(page).toHaveURL(/user_type=personal/);
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("personal");
  await expect(rows.filter({ hasText: person.email })).toHaveCount(1);
});

test("the user list searches for what was typed before the page's script ran", async ({ page, request }) => {
  const key = tag();
  const member = await seedUser(request, { email: `${key}-early@e2e.example.com` });
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);

  const search = await typeBeforeScripts(page, "/admin/user-management", key);
  await expect(search).toHaveValue(key);
  await expect(page).toHaveURL(new RegExp(`search=${key}`));
  await expect(page.getByRole("row").filter({ hasText: member.email })).toHaveCount(1);
  await expect(page.getByRole("row")).toHaveCount(2);
});

test("the admin user view shows the date of each onboarding step", async ({ page, request, browser }) => {
  const member = await seedUser(request, { status: "pending", firstName: "Dora", lastName: "Dates" });
  const memberContext = await browser.newContext();
  await onboardPersonalMember(memberContext.request, member, { contract: false });
  await memberContext.close();
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);

  await page.goto(`/admin/user-management/view/${member.id}`);
  const year = String(new Date().getFullYear());
  for (const step of ["Email verification", "ID documents", "Profile"]) {
    const item = page.getByRole("listitem").filter({ hasText: `${step}: done` });
    await expect(item).toContainText(year);
  }
  await expect(page.getByRole("listitem").filter({ hasText: "Contract: missing" })).toHaveCount(1);
  await expectAccessible(page);
});

test("the verify queue is searched and filtered by account type through the URL", async ({
  page,
  request,
  browser,
}) => {
  const key = tag();
  const person = await seedUser(request, { status: "pending", email: `${key}-p@e2e.example.com` });
  const company = await seedUser(request, {
    status: "pending",
    email: `${key}-c@e2e.example.com`,
    userType: "company",
    companyName: `Queue ${key}`,
  });
  for (const [member, onboard] of [
    [person, onboardPersonalMember],
    [company, onboardCompanyMember],
  ] as const) {
    const context = await browser.newContext();
    await onboard(context.request, member);
    await context.close();
  }
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);

  const rows = page.getByRole("row");
  await page.goto("/admin/verify-users");
  await page.getByLabel("Search", { exact: true }).fill(key);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${key}`));
  await expect(rows.filter({ hasText: person.email })).toHaveCount(1);
  await expect(rows.filter({ hasText: company.email })).toHaveCount(1);

  await page.getByLabel("Type", { exact: true }).selectOption("company");
  await expect(page).toHaveURL(/user_type=company/);
  await expect(rows.filter({ hasText: company.email })).toHaveCount(1);
  await expect(rows.filter({ hasText: person.email })).toHaveCount(0);
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("company");
  await expect(rows.filter({ hasText: person.email })).toHaveCount(0);

  await page.goBack();
  await expect(rows.filter({ hasText: person.email })).toHaveCount(1);
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("");
});

test("the verify queue's search works before the page's script runs (JavaScript off)", async ({
  browser,
  request,
}) => {
  const key = tag();
  const member = await seedUser(request, { status: "pending", email: `${key}-nojs@e2e.example.com` });
  const onboarding = await browser.newContext();
  await onboardPersonalMember(onboarding.request, member);
  await onboarding.close();
  const admin = await seedUser(request, { role: "admin" });

  // A click before hydration submits the form itself: it must land on the searched list, not
  // reload the page and drop what was typed.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, admin);
  await page.goto("/admin/verify-users");
  await page.getByLabel("Search", { exact: true }).fill(key);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${key}`));
  await expect(page.getByRole("row").filter({ hasText: member.email })).toHaveCount(1);
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue(key);
  await context.close();
});

test("the verify queue searches for what was typed before the page's script ran", async ({
  page,
  request,
  browser,
}) => {
  const key = tag();
  const member = await seedUser(request, { status: "pending", email: `${key}-early@e2e.example.com` });
  const onboarding = await browser.newContext();
  await onboardPersonalMember(onboarding.request, member);
  await onboarding.close();
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);

  const search = await typeBeforeScripts(page, "/admin/verify-users", key);
  await expect(search).toHaveValue(key);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${key}`));
  await expect(page.getByRole("row").filter({ hasText: member.email })).toHaveCount(1);
});

test("a dialog works by keyboard: Escape closes it and focus returns to its button", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, { firstName: "Kiki", lastName: "Keyboard" });
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);
  await page.goto(`/admin/user-management?search=${encodeURIComponent(member.email)}`);
  const deleteButton = page
    .getByRole("row")
    .filter({ hasText: member.email })
    .getByRole("button", { name: "Delete" });
  await deleteButton.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Delete user" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(deleteButton).toBeFocused();

  // Tab reaches the confirm button inside the modal; Enter deletes.
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`${member.email} was deleted.`)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: member.email })).toHaveCount(0);
});
