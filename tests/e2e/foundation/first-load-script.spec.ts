import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { referralLink } from "../referrals/referral-support";
import { seedUser, signIn } from "../support";

// What a page loads before anyone uses it decides how soon a phone on a slow link can paint and
// respond. The schema library (zod with the form resolver, about 46 KiB compressed) comes with
// the first use of a form or the first answer to check, and the toasts' library with the first
// toast: neither is part of a page's first load. Markers: zod's error class name and a class of
// sonner's own spinner (in its bundled styles), both kept by the minifier and in no code of ours.
const ZOD = /ZodError|\$ZodType/;
const SONNER = /sonner-loading-wrapper/;
// The phone field's library with its country data (react-phone-number-input on libphonenumber-js's
// metadata, about 50 KiB compressed) comes when the page is first used too; a stand-in takes the
// typing until then. Markers: a class name of the library's own, and the metadata's table.
const PHONE = /PhoneInputCountry|country_calling_codes["']?:\{/;
// The messages are compiled when the app is built, so no page needs the ICU message parser at all.
// Marker: one of the parser's error kinds, kept as a string by the minifier.
const ICU_PARSER = /EXPECT_ARGUMENT_CLOSING_BRACE/;

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
    if (response.request().resourceType() !== "script") return;
    const url = response.url();
    // A navigation drops the bodies of the page it leaves ("response body is unavailable"): the
    // chunk is then fetched again by its URL (chunks are immutable), so no script goes unread.
    scripts.push(
      response
        .text()
        .catch(() => page.request.get(url).then((again) => again.text()))
        .then((text) => ({ url, text })),
    );
  });
  return () => Promise.all(scripts);
}

/** The scripts of a page load, up to a quiet network. */
async function firstLoad(page: Page, recorded: () => Promise<Script[]>, path: string) {
  const before = (await recorded()).length;
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  expect(new URL(page.url()).pathname, path).toBe(new URL(path, page.url()).pathname);
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
  expect(carrying(loaded, ICU_PARSER)).toEqual([]);

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
    expect(carrying(loaded, ICU_PARSER), path).toEqual([]);
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
    expect(carrying(loaded, ICU_PARSER), path).toEqual([]);
  }
});

test("the registration and complete-profile pages load no phone library before use; using a phone field brings it", async ({
  page,
  request,
}) => {
  const { link } = await referralLink(page, request);
  const recorded = await recordScripts(page);
  const registration = await firstLoad(page, recorded, link);
  expect(carrying(registration, PHONE)).toEqual([]);
  expect(carrying(registration, ZOD)).toEqual([]);
  // A number with its calling code: the loaded field picks the country from it.
  await page
    .getByRole("tabpanel", { name: "Personal" })
    .getByLabel("Phone number", { exact: true })
    .fill("+43 664 1234567");
  await expect(page.getByRole("combobox", { name: "Phone number: country Austria (+43)" })).toBeVisible();
  expect(carrying(await recorded(), PHONE).length).toBeGreaterThan(0);

  for (const [userType, path, field] of [
    ["personal", "/personal-complete-profile", "Phone"],
    ["company", "/company-complete-profile", "Company phone"],
  ] as const) {
    await page.context().clearCookies();
    const member = await seedUser(page.request, {
      status: "pending",
      userType,
      ...(userType === "company" ? { companyName: "Phone AG" } : {}),
    });
    await signIn(page, member);
    const before = carrying(await recorded(), PHONE).length;
    const loaded = await firstLoad(page, recorded, path);
    expect(carrying(loaded, PHONE), path).toEqual([]);
    expect(carrying(loaded, ZOD), path).toEqual([]);
    await page.getByRole("textbox", { name: field, exact: true }).fill("+43 664 1234567");
    await expect(
      page.getByRole("combobox", { name: `${field}: country Austria (+43)`, exact: true }),
    ).toBeVisible();
    expect(carrying(await recorded(), PHONE).length, path).toBeGreaterThan(before);
  }
});

test("the email verification step brings its checks once its boxes have focus, but not the phone library", async ({
  page,
}) => {
  const member = await seedUser(page.request, { status: "pending" });
  await signIn(page, member);
  const recorded = await recordScripts(page);
  const before = (await recorded()).length;
  await firstLoad(page, recorded, "/personal-verify-email");
  // Opening the step mails a code and then puts the focus in the first box: the form is in use.
  await expect(page.getByLabel("Digit 1 of 6")).toBeFocused();
  await expect.poll(async () => carrying((await recorded()).slice(before), ZOD).length).toBeGreaterThan(0);
  // The phone rules belong to the profile step's checks, which this step never runs.
  expect(carrying((await recorded()).slice(before), PHONE)).toEqual([]);
});
