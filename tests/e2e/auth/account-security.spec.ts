import type { Browser, BrowserContext } from "@playwright/test";
import { baseURL } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { logInWithForm, mailTo, seedUser, signIn } from "../support";

// The profile's Security section: a member sees the browsers signed in to the account, signs
// one of them out, and changes the password; the browsers ended that way are sent to /login on
// their next page load.

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** A second browser, signed in as the member with its own cookies and its own user agent. */
async function secondBrowser(browser: Browser, member: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL, userAgent: FIREFOX_LINUX });
  const page = await context.newPage();
  await signIn(page, member);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

async function closeQuietly(context: BrowserContext) {
  await context.close().catch(() => undefined);
}

// Each journey signs in three browsers and waits for mails: longer than one page's test.
test.slow();

test("a member signs the other browser out from the profile; that browser lands on /login on its next page load", async ({
  browser,
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await seedUser(request, { status: "active" });
  await signIn(page, member);
  const other = await secondBrowser(browser, member);
  try {
    // The first sign-in of the account was no news; the second, from another browser, is.
    const notice = await mailTo(member.email, /new sign-in/i);
    expect(notice.text).toContain("Firefox on Linux");

    await page.goto("/profile");
    await expect(page).toHaveURL(/\/personal\/profile$/);
    const security = page.getByRole("region", { name: "Security", exact: true });
    const sessions = security.getByTestId("session-item");
    await expect(sessions).toHaveCount(2);
    await expect(sessions.first()).toContainText("This browser");
    await expect(sessions.nth(1)).toContainText("Firefox on Linux");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);

    // By keyboard: the row's button opens the confirmation, which starts on Cancel.
    const revoke = security.getByRole("button", { name: /^Sign out Firefox on Linux, last active/ });
    await revoke.focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Sign out this browser?" });
    await expect(confirm).toContainText("Firefox on Linux will be signed out");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press("Tab");
    await expect(confirm.getByRole("button", { name: "Sign out" })).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page.locator("[data-sonner-toast]").getByText("The browser was signed out.")).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await expect(security.getByText("No other browser is signed in to your account.")).toBeVisible();

    await other.page.goto("/dashboard");
    await expect(other.page).toHaveURL(/\/login$/);
    // This browser goes on as before.
    await page.reload();
    await expect(page).toHaveURL(/\/personal\/profile$/);
    await expect(sessions).toHaveCount(1);
  } finally {
    await closeQuietly(other.context);
  }
});

test("change password: a wrong current password is said on its field; then the other browsers end and the new password signs in", async ({
  browser,
  page,
  request,
}) => {
  const member = await seedUser(request, { status: "active" });
  const newPassword = "N3w-Secur1ty!pass";
  await signIn(page, member);
  const other = await secondBrowser(browser, member);
  try {
    await page.goto("/profile");
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current password").fill("Not-the-passw0rd!");
    await form.getByLabel("New password", { exact: true }).fill(newPassword);
    await form.getByLabel("Confirm new password").fill(newPassword);
    await form.getByLabel("Confirm new password").press("Enter");
    await expect(form.getByText("The current password is not correct.")).toBeVisible();
    await expect(form.getByLabel("Current password")).toBeFocused();
    await expectAccessible(page);

    await form.getByLabel("Current password").fill(member.password);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(
      page
        .locator("[data-sonner-toast]")
        .getByText("Your password was changed. Every other browser was signed out."),
    ).toBeVisible();
    await expect(form.getByLabel("Current password")).toHaveValue("");
    await expect(page.getByTestId("session-item")).toHaveCount(1);
    const confirmation = await mailTo(member.email, /password was changed/i);
    expect(confirmation.text).toContain("Every other browser was signed out");

    await other.page.goto("/dashboard");
    await expect(other.page).toHaveURL(/\/login$/);
    await page.reload();
    await expect(page).toHaveURL(/\/personal\/profile$/);
  } finally {
    await closeQuietly(other.context);
  }

  const fresh = await browser.newContext({ baseURL });
  try {
    const freshPage = await fresh.newPage();
    await freshPage.goto("/login");
    await freshPage.getByLabel("Email").fill(member.email);
    await freshPage.getByLabel("Password", { exact: true }).fill(member.password);
    await freshPage.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(freshPage.getByText("Invalid credentials").first()).toBeVisible();
    await logInWithForm(freshPage, { email: member.email, password: newPassword });
  } finally {
    await closeQuietly(fresh);
  }
});
