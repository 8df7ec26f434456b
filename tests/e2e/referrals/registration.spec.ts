import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "../fixtures";
import { DEFAULT_PASSWORD, seedUser, signIn, uniqueEmail } from "../support";
import { referralLink } from "./referral-support";

async function fillPersonal(page: Page, email: string) {
  const form = page.getByRole("tabpanel", { name: "Personal" });
  await form.getByLabel("First name").fill("Petra");
  await form.getByLabel("Last name").fill("Personal");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Confirm email").fill(email.toUpperCase());
  await form.getByLabel("Phone number", { exact: true }).fill("+49 151 23456789");
  await form.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await form.getByLabel("Confirm password").fill(DEFAULT_PASSWORD);
}

test("an admin generates a link, copies it, and sees its QR code", async ({ page, request, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const admin = await seedUser(request, { role: "admin", firstName: "Gina", lastName: "Generator" });
  await signIn(page, admin);
  await page.goto("/referral-management");
  await expect(page.getByRole("heading", { level: 1, name: "Referral Management" })).toBeVisible();
  await expect(page.getByText("Personal account · Gina Generator")).toBeVisible();

  // Unlimited in one select makes the other unlimited too.
  await page.getByLabel("Maximum uses").selectOption({ label: "Unlimited" });
  await expect(page.getByLabel("Link expires after")).toHaveValue("0");
  await page.getByLabel("Link expires after").selectOption({ label: "7 days" });
  await page.getByLabel("Maximum uses").selectOption({ label: "5" });
  await page.getByLabel("Label (only you see it)").fill("for Acme GmbH");
  await page.getByRole("button", { name: "Generate link" }).click();
  await expect(page.getByText("Referral link generated.")).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: "for Acme GmbH" });
  await expect(row).toContainText("0/5");
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Link copied to clipboard!")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^http:\/\/localhost:3210\/register\?ref=[\w-]{43,}$/);

  await row.getByRole("button", { name: "Show QR code" }).click();
  await expect(page.getByRole("img", { name: /QR/ })).toBeVisible();
  await expectAccessible(page);

  // Deactivated: greyed, and neither copy nor deactivate any more.
  await row.getByRole("button", { name: "Deactivate" }).click();
  await page
    .getByRole("button", { name: /Yes|Confirm|Deactivate now/ })
    .first()
    .click();
  await expect(row).toContainText("Deactivated");
  await expect(row.getByRole("button", { name: "Copy" })).toHaveCount(0);
  const info = await request.get(`${copied.replace("/register?ref=", "/api/referral/info/")}`);
  expect(info.status()).toBe(410);
});

test("a visitor registers a personal account through a link and logs in", async ({ page, request }) => {
  const { link } = await referralLink(page, request);
  await page.goto(link);
  await expect(page.getByText("You were invited by Rosa Referrer.")).toBeVisible();
  await expectAccessible(page);

  // The shared checks run before anything is sent; each problem shows beside its field and the
  // first bad field takes focus.
  await page.getByRole("button", { name: "Register", exact: true }).click();
  const form = page.getByRole("tabpanel", { name: "Personal" });
  await expect(page.getByRole("alert").filter({ hasText: "Please fill in this field." })).toHaveCount(6);
  await expect(form.getByLabel("First name")).toBeFocused();
  await expect(form.getByLabel("First name")).toHaveAccessibleDescription("Please fill in this field.");
  const phone = form.getByLabel("Phone number", { exact: true });
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/^Please enter your phone number\./);
  await expectAccessible(page);

  const email = uniqueEmail("personal");
  await fillPersonal(page, email);
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.getByText("Registration successful! You can now log in.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Petra Personal!" })).toBeVisible();
});

test("a visitor registers a company account through a link", async ({ page, request }) => {
  const { link } = await referralLink(page, request);
  await page.goto(link);
  await page.getByRole("tab", { name: "Company" }).click();
  await expect(page.getByRole("tab", { name: "Company" })).toHaveAttribute("aria-selected", "true");
  const email = uniqueEmail("company");
  const form = page.getByRole("tabpanel", { name: "Company" });
  await form.getByLabel("Company name").fill("Beispiel AG");
  await form.getByLabel("Company email", { exact: true }).fill(email);
  await form.getByLabel("Confirm company email").fill(email);
  await form.getByLabel("Company phone number", { exact: true }).fill("+41 44 668 18 00");
  await form.getByLabel("Contact person", { exact: true }).fill("Karl Kontakt");
  await form.getByLabel("Contact person's phone number", { exact: true }).fill("+43 664 1234567");
  await form.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await form.getByLabel("Confirm password").fill("Different!Passw0rd");
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(form.getByLabel("Confirm password")).toBeFocused();
  await expect(form.getByLabel("Confirm password")).toHaveAccessibleDescription("Passwords do not match.");
  await expect(form.getByRole("alert")).toHaveText(["Passwords do not match."]);
  await form.getByLabel("Confirm password").fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Beispiel AG!" })).toBeVisible();
});

test("an unknown link shows the invalid-link page", async ({ page }) => {
  await page.goto("/register?ref=this-link-does-not-exist");
  await expect(
    page.getByRole("heading", { level: 1, name: "Invalid or Expired Referral Link." }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Go to login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the link is checked with the page: the first HTML holds the form or the invalid-link page", async ({
  page,
  request,
}) => {
  // Read without a browser: what the server sent before any script ran.
  const { link } = await referralLink(page, request);
  const live = await (await request.get(link)).text();
  expect(live).toContain("Rosa Referrer");
  expect(live).toContain('aria-labelledby="register-title"');
  expect(live).toMatch(/<label[^>]*>First name/);
  // (The messages ride along in the page's data; only the markup must not hold the checking line.)
  expect(live).not.toMatch(/>Checking your referral link/);

  const dead = await (await request.get("/register?ref=this-link-does-not-exist")).text();
  expect(dead).toMatch(/>Invalid or Expired Referral Link\.</);
  expect(dead).not.toMatch(/>Checking your referral link/);

  // The browser does not check again.
  let browserChecks = 0;
  await page.route("**/api/referral/info/**", (route) => {
    browserChecks++;
    return route.continue();
  });
  await page.goto(link);
  await expect(page.getByText("You were invited by Rosa Referrer.")).toBeVisible();
  await expect(page.getByRole("tabpanel", { name: "Personal" }).getByLabel("First name")).toBeVisible();
  expect(browserChecks).toBe(0);
});

test("a used-up link is refused", async ({ page, request }) => {
  const { link } = await referralLink(page, request, { maxUses: 1 });
  await page.goto(link);
  await fillPersonal(page, uniqueEmail("first"));
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await page.goto(link);
  await expect(
    page.getByRole("heading", { level: 1, name: "Invalid or Expired Referral Link." }),
  ).toBeVisible();
});

test.describe("Session Detected", () => {
  test("'No, go to dashboard' keeps the session", async ({ page, request }) => {
    const { link } = await referralLink(page, request);
    const member = await seedUser(request, { firstName: "Sam", lastName: "Session" });
    await signIn(page, member);
    await page.goto(link);
    const dialog = page.getByRole("dialog", { name: "Session Detected" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "No, go to dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Sam Session!" })).toBeVisible();
  });

  test("'Yes, log out' ends the session and shows the form", async ({ page, request, context }) => {
    const { link } = await referralLink(page, request);
    const member = await seedUser(request);
    await signIn(page, member);
    await page.goto(link);
    await page
      .getByRole("dialog", { name: "Session Detected" })
      .getByRole("button", { name: "Yes, log out" })
      .click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("tab", { name: "Personal" })).toBeVisible();
    expect((await context.cookies()).some((cookie) => cookie.name === "pp_rt")).toBe(false);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });
});

test("German texts on the registration page", async ({ page, request }) => {
  const { link } = await referralLink(page, request);
  await page.goto(link);
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.getByRole("tab", { name: "Privat" })).toBeVisible();
  await page.getByRole("button", { name: "Registrieren", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Bitte füllen Sie dieses Feld aus." })).toHaveCount(
    6,
  );
  await expectAccessible(page);
  await expect(page).toHaveTitle(/^Konto erstellen · /);
  await page.getByRole("button", { name: "English" }).click();
  // The page and the browser tab's title both follow the switch (the title arrives with the
  // refreshed page's metadata, a moment after its content), so the after-each axe check sees
  // the finished English page.
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
  await expect(page).toHaveTitle(/^Create your account · /);
});
