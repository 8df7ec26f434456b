import fs from "node:fs";
import type { Page } from "@playwright/test";
import { baseURL } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { mailTo, nextTotpCode, seedUser, signIn, signInRequest } from "../support";

// Two-factor sign-in (TOTP): a member turns it on from the profile and signs in with an app's
// code and with a recovery code; an admin without it is sent to set it up before any admin page.

/** The key the setup shows as text (for those who cannot scan), without its spaces. */
async function shownSecret(page: Page): Promise<string> {
  return ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s+/g, "");
}

async function logOut(page: Page) {
  // Narrow screens have the menu behind one button; wide ones the profile menu.
  const narrow = (page.viewportSize()?.width ?? 1280) < 768;
  await page.getByRole("button", { name: narrow ? "Open menu" : "Profile menu" }).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function passwordStep(page: Page, user: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
}

async function landsOnDashboard(page: Page) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
}

// Each journey signs in several times and may wait for the authenticator's next step.
test.slow();

test("member enables TOTP and signs in with a code and with a recovery code", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await seedUser(request, { status: "active" });
  await signIn(page, member);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/personal\/profile$/);

  const twoFactor = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(twoFactor).toContainText("Two-factor sign-in is off.");
  await twoFactor.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const qr = twoFactor.getByRole("img", { name: "QR code to add the account to an authenticator app" });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  const secret = await shownSecret(page);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  // The session alone cannot turn it on: the current password is asked too, and a wrong one is
  // refused at its field. A wrong code is refused at its field; the right pair turns it on and
  // shows the codes once.
  const passwordField = twoFactor.getByLabel("Current password", { exact: true });
  await expect(passwordField).toHaveAttribute("autocomplete", "current-password");
  const codeField = twoFactor.getByLabel("6-digit code");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  await codeField.fill("123456");
  await twoFactor.getByRole("button", { name: "Turn on" }).click();
  await expect(twoFactor.getByRole("alert")).toHaveText("Please enter your current password.");
  await expect(passwordField).toBeFocused();
  await passwordField.fill(`${member.password}-wrong`);
  await twoFactor.getByRole("button", { name: "Turn on" }).click();
  await expect(twoFactor.getByRole("alert")).toHaveText("The current password is not correct.");
  await expect(passwordField).toBeFocused();
  await expectAccessible(page);
  await passwordField.fill(member.password);
  await codeField.fill("000000");
  await twoFactor.getByRole("button", { name: "Turn on" }).click();
  await expect(twoFactor.getByRole("alert")).toHaveText("The code is not correct.");
  await codeField.fill(await nextTotpCode(secret));
  await twoFactor.getByRole("button", { name: "Turn on" }).click();
  const codes = twoFactor.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await expect(twoFactor.getByRole("heading", { name: "Your recovery codes" })).toBeFocused();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    twoFactor.getByRole("button", { name: "Download codes" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("recovery-codes.txt");
  const saved = fs.readFileSync((await download.path()) ?? "", "utf8");
  for (const code of recoveryCodes) expect(saved).toContain(code);
  await expectAccessible(page);
  await twoFactor.getByRole("button", { name: "I have saved the codes" }).click();
  await expect(twoFactor).toContainText("Two-factor sign-in is on. 10 recovery codes left.");
  await expect(twoFactor.getByRole("heading", { name: "Turn off two-factor sign-in" })).toBeVisible();

  // The password alone no longer signs in: the second step asks for the app's code.
  await logOut(page);
  await passwordStep(page, member);
  const appCode = page.getByLabel("Authentication code");
  await expect(appCode).toBeFocused();
  await expect(appCode).toHaveAttribute("autocomplete", "one-time-code");
  await expect(appCode).toHaveAttribute("inputmode", "numeric");
  await expectAccessible(page);
  await appCode.fill(await nextTotpCode(secret));
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await landsOnDashboard(page);

  // A recovery code signs in once.
  await logOut(page);
  await passwordStep(page, member);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  const recoveryField = page.getByLabel("Recovery code");
  await expect(recoveryField).toBeFocused();
  await recoveryField.fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await landsOnDashboard(page);

  await logOut(page);
  await passwordStep(page, member);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Invalid verification code." }).first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);

  // The profile counts the codes left.
  await page.getByLabel("Recovery code").fill(recoveryCodes[1] ?? "");
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await landsOnDashboard(page);
  await page.goto("/profile");
  await expect(page.getByRole("region", { name: "Two-factor sign-in" })).toContainText(
    "8 recovery codes left.",
  );
});

test("the second sign-in step in German, with a wrong code first", async ({ page, request }) => {
  const member = await seedUser(request, { status: "active", totp: true });
  const secret = member.totpSecret ?? "";
  await page.goto("/login");
  await page.getByRole("button", { name: "Deutsch" }).click();
  await page.getByLabel("E-Mail").fill(member.email);
  await page.getByLabel("Passwort", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Zwei-Faktor-Anmeldung" })).toBeVisible();
  await page.getByLabel("Bestätigungscode").fill("000000");
  await page.getByRole("button", { name: "Bestätigen", exact: true }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Ungültiger Bestätigungscode." }).first(),
  ).toBeVisible();
  await expect(page.getByLabel("Bestätigungscode")).toBeFocused();
  await expect(page.getByLabel("Bestätigungscode")).toHaveValue("");
  await expectAccessible(page);
  // The refused code's error follows a switch of the language, and still describes its field.
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Invalid verification code." }).first(),
  ).toBeVisible();
  await expect(page.getByLabel("Authentication code")).toHaveAccessibleDescription(
    "Invalid verification code.",
  );
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.getByRole("heading", { name: "Zwei-Faktor-Anmeldung" })).toBeVisible();
  await page.getByLabel("Bestätigungscode").fill(await nextTotpCode(secret));
  await page.getByRole("button", { name: "Bestätigen", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAccessible(page);
  await expect(page).toHaveTitle("Dashboard · Partner-Plattform");
  await page.getByRole("button", { name: "English" }).click();
  // The page and the browser tab's title both follow the switch (the title arrives with the
  // refreshed page's metadata, a moment after its content), so the after-each axe check sees
  // the finished English page. "Dashboard" is the same word in both languages; the platform's
  // name after it is not.
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome, / })).toBeVisible();
  await expect(page).toHaveTitle("Dashboard · Partner Platform");
});

test("a wrong password or code in the two-factor settings stands beside its field, which takes the focus", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, { status: "active", totp: true });
  const secret = member.totpSecret ?? "";
  await signIn(page, member);
  await page.goto("/profile");
  const twoFactor = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(twoFactor).toContainText("Two-factor sign-in is on.");

  // New recovery codes: an empty code, then a wrong one.
  const regenerate = twoFactor.getByRole("form", { name: "New recovery codes" });
  const regenerateCode = regenerate.getByLabel("Code from your app or a recovery code");
  await regenerate.getByRole("button", { name: "Create new codes" }).click();
  await expect(regenerate.getByRole("alert")).toHaveText("Please enter a code.");
  await expect(regenerateCode).toBeFocused();
  await regenerateCode.fill("000000");
  await regenerate.getByRole("button", { name: "Create new codes" }).click();
  await expect(regenerate.getByRole("alert")).toHaveText("The code is not correct.");
  await expect(regenerateCode).toBeFocused();
  // The refused code's error follows a switch of the language, and still describes its field.
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mein Konto" })).toBeVisible();
  await expect(page).toHaveTitle(/^Mein Konto · /);
  const regenerateDe = page
    .getByRole("region", { name: "Zwei-Faktor-Anmeldung" })
    .getByRole("form", { name: "Neue Wiederherstellungscodes" });
  await expect(regenerateDe.getByRole("alert")).toHaveText("Der Code ist nicht korrekt.");
  await expect(
    regenerateDe.getByLabel("Code aus Ihrer App oder Wiederherstellungscode"),
  ).toHaveAccessibleDescription("Der Code ist nicht korrekt.");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await expect(page).toHaveTitle(/^My account · /);
  await expect(regenerate.getByRole("alert")).toHaveText("The code is not correct.");

  // Turning it off: the empty form, a wrong password (checked first, so the code is not spent),
  // then a wrong code; each lands on its own field.
  const disable = twoFactor.getByRole("form", { name: "Turn off two-factor sign-in" });
  const password = disable.getByLabel("Current password", { exact: true });
  const code = disable.getByLabel("Code from your app or a recovery code");
  const turnOff = disable.getByRole("button", { name: "Turn off" });
  await turnOff.click();
  await expect(disable.getByRole("alert")).toHaveText([
    "Please enter your current password.",
    "Please enter a code.",
  ]);
  await expect(password).toBeFocused();
  await password.fill(`${member.password}-wrong`);
  await code.fill(await nextTotpCode(secret));
  await turnOff.click();
  await expect(disable.getByRole("alert")).toHaveText("The current password is not correct.");
  await expect(password).toBeFocused();
  await expectAccessible(page);
  await password.fill(member.password);
  await code.fill("000000");
  await turnOff.click();
  await expect(disable.getByRole("alert")).toHaveText("The code is not correct.");
  await expect(code).toBeFocused();
  await code.fill(await nextTotpCode(secret));
  await turnOff.click();
  await expect(twoFactor).toContainText("Two-factor sign-in is off.");
});

test("admin is forced into TOTP setup", async ({ page, request }) => {
  const admin = await seedUser(request, { role: "admin", totp: false });
  await signIn(page, admin);

  // Any admin page sends an admin without two-factor sign-in to set it up first.
  for (const path of ["/admin/dashboard", "/admin/user-management"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/two-factor$/);
  }
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
  await expect(page.getByText("Admins must use two-factor sign-in.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = await shownSecret(page);
  await page.getByLabel("Current password", { exact: true }).fill(admin.password);
  await page.getByLabel("6-digit code").fill(await nextTotpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Continue to the admin area" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Required: an admin cannot turn it off.
  await page.goto("/two-factor");
  await expect(page.getByText("As an admin you cannot turn off two-factor sign-in.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn off" })).toHaveCount(0);

  // From now on the admin signs in with a code, and the admin pages open.
  await logOut(page);
  await passwordStep(page, admin);
  await page.getByLabel("Authentication code").fill(await nextTotpCode(secret));
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await landsOnDashboard(page);
  await page.goto("/admin/user-management");
  await expect(page).toHaveURL(/\/admin\/user-management$/);
});

test("seeded admins have two-factor sign-in on and reach the admin pages through its second step", async ({
  page,
  request,
}) => {
  const admin = await seedUser(request, { role: "super_admin" });
  expect(admin.totpSecret).toMatch(/^[A-Z2-7]+$/);
  // The password alone gives no session.
  const first = await page.request.post("/api/auth/login", {
    data: { email: admin.email, password: admin.password },
    headers: { Origin: baseURL },
  });
  expect(await first.json()).toMatchObject({ mfaRequired: true });
  expect(first.headers()["set-cookie"]).toBeUndefined();
  await signIn(page, admin);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("an admin's script without a second factor gets 403 TWO_FACTOR_REQUIRED from every admin call", async ({
  request,
}) => {
  // What a script that knows the password gets: the admin pages' redirect is never seen, the API
  // itself refuses. Signed in through the BFF as a browser would be (its own cookie jar).
  const admin = await seedUser(request, { role: "super_admin", totp: false });
  await signInRequest(request, admin);
  for (const path of ["/api/admin/user-list", "/api/admin/users/export.csv", "/api/admin/audit"]) {
    const refused = await request.get(path);
    expect(refused.status(), path).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("TWO_FACTOR_REQUIRED");
  }
  // What setting it up needs still answers.
  expect((await request.get("/api/auth/totp")).status()).toBe(200);
});

test("a super admin resets a member's lost second factor from the user's page", async ({ page, request }) => {
  const superAdmin = await seedUser(request, { role: "super_admin" });
  const member = await seedUser(request, {
    status: "active",
    totp: true,
    firstName: "Lena",
    lastName: "Lost",
  });
  await signIn(page, superAdmin);
  await page.goto(`/admin/user-management/profile/${member.id}`);
  // The user information's row: its term and, beside it, the value.
  const twoFactorRow = page
    .locator("div", { has: page.locator("dt", { hasText: /^Two-factor sign-in$/ }) })
    .last();
  await expect(twoFactorRow.locator("dd")).toHaveText("On");

  await page.getByRole("button", { name: "Reset two-factor sign-in" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset two-factor sign-in" });
  await expect(dialog).toContainText(member.email);
  await expectAccessible(page);
  // Both fields are required; a wrong code of one's own is said beside its field.
  await dialog.getByRole("button", { name: "Reset" }).click();
  await expect(dialog.getByText("Enter a code from your app.")).toBeVisible();
  await expect(dialog.getByText("Enter a reason.")).toBeVisible();
  await dialog.getByLabel("Your own code").fill("000000");
  await dialog.getByLabel("Reason").fill("Lost phone, confirmed by call");
  await dialog.getByRole("button", { name: "Reset" }).click();
  await expect(dialog.getByText("The code is not correct.")).toBeVisible();

  await dialog.getByLabel("Your own code").fill(await nextTotpCode(superAdmin.totpSecret ?? ""));
  await dialog.getByRole("button", { name: "Reset" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Two-factor sign-in of ${member.email} was reset.`)).toBeVisible();
  await expect(twoFactorRow.locator("dd")).toHaveText("Off");
  await expect(page.getByRole("button", { name: "Reset two-factor sign-in" })).toHaveCount(0);

  const mail = await mailTo(member.email, /two-factor sign-in was reset/);
  expect(mail.text).toContain("Reason given: Lost phone, confirmed by call");
  // The member signs in with the password alone now.
  await signInRequest(page.context().request, { email: member.email, password: member.password });
});
