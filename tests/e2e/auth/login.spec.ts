import { e2e } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { seedUser, signIn } from "../support";

test("the bootstrap admin logs in with the form and logs out", async ({ page }) => {
  await page.goto("/login");
  await expectAccessible(page);
  await page.getByLabel("Email").fill(e2e.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(e2e.admin.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();

  await expect(page.getByText("Login successful!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Admin!" })).toBeVisible();
  await expect(page.getByTestId("avatar-initials")).toHaveText("AD");
  // Admins get the Admin menu and the Referrals link.
  await expect(page.getByRole("link", { name: "Referrals" })).toBeVisible();
  await page.getByRole("button", { name: "Admin" }).click();
  await expect(page.getByRole("link", { name: "User management" })).toBeVisible();
  await expectAccessible(page);

  // No token reaches page JavaScript: the cookies are httpOnly and the page only knows the user.
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/pp_at|pp_rt/);

  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("a wrong password shows 'Invalid credentials' inline and as a toast", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(e2e.admin.email);
  await page.getByLabel("Password", { exact: true }).fill("Wrong-Passw0rd!");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.locator("#login-error")).toHaveText("Invalid credentials");
  await expect(page.locator("[data-sonner-toast]").getByText("Invalid credentials")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("the form validates email and password before sending", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("x");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expectAccessible(page);

  // The show-password toggle.
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
    "href",
    "/password-reset",
  );
  await expect(page.getByText(/invite-only/)).toBeVisible();
});

test.describe("guards", () => {
  test("a visitor is sent to the login", async ({ page }) => {
    for (const path of ["/dashboard", "/admin/dashboard", "/referral-management", "/personal-id-upload"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test("a user on an admin page goes to the dashboard with the toast", async ({ page, request }) => {
    const user = await seedUser(request, { firstName: "Paula", lastName: "Plain" });
    await signIn(page, user);
    await page.goto("/admin/user-management");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Access denied. You are not permitted to access admin areas.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Paula Plain!" })).toBeVisible();
    // No Referrals link and no Admin menu for a plain user.
    await expect(page.getByRole("link", { name: "Referrals" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Admin" })).toHaveCount(0);
  });

  test("type guards and the referral permission rule", async ({ page, request }) => {
    const personal = await seedUser(request, { userType: "personal" });
    await signIn(page, personal);
    await page.goto("/company-verify-email");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Access denied. This page is only for company users.")).toBeVisible();
    await page.goto("/referral-management");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("You do not have permission to access Referral Management.")).toBeVisible();
  });

  test("a company's welcome uses the company name and the permission shows Referrals", async ({
    page,
    request,
  }) => {
    const company = await seedUser(request, {
      userType: "company",
      companyName: "Acme GmbH",
      permissions: ["can_create_referrals"],
    });
    await signIn(page, company);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Acme GmbH!" })).toBeVisible();
    await expect(page.getByText("Company account")).toBeVisible();
    await expect(page.getByRole("link", { name: "Referrals" })).toBeVisible();
    await expect(page.getByTestId("avatar-initials")).toHaveText("AG");
  });
});

test("the session survives an access-token expiry without a visible logout", async ({
  page,
  request,
  context,
}) => {
  const user = await seedUser(request, { firstName: "Lena", lastName: "Long" });
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Lena Long!" })).toBeVisible();

  // Past the access token's lifetime: the page refreshed it in the background.
  await page.waitForTimeout((e2e.accessTokenTtlSeconds + 3) * 1000);
  const me = await page.evaluate(async () => (await fetch("/api/auth/me")).status);
  expect(me).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Only the refresh cookie left (the access cookie is gone): the next page load refreshes first.
  const cookies = await context.cookies();
  await context.clearCookies();
  await context.addCookies(cookies.filter((cookie) => cookie.name !== "pp_at"));
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Lena Long!" })).toBeVisible();
  expect((await context.cookies()).some((cookie) => cookie.name === "pp_at")).toBe(true);
});

test("German texts after switching the language", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Willkommen zurück" })).toBeVisible();
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page.getByText("E-Mail ist erforderlich")).toBeVisible();
  await page.getByLabel("E-Mail").fill(e2e.admin.email);
  await page.getByLabel("Passwort", { exact: true }).fill("Falsches-Passw0rt!");
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page.locator("#login-error")).toHaveText("Ungültige Anmeldedaten");
  await expectAccessible(page);
  await expect(page).toHaveTitle(/^Willkommen zurück · /);
  await page.getByRole("button", { name: "English" }).click();
  // The page and the browser tab's title both follow the switch back (the title arrives with the
  // refreshed page's metadata, a moment after its content).
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  await expect(page).toHaveTitle(/^Welcome back · /);
  // The failed sign-in's line stays, now in English, and still describes the form.
  await expect(page.locator("#login-error")).toHaveText("Invalid credentials");
  await expect(page.locator("form:has(#login-error)")).toHaveAttribute("aria-describedby", "login-error");
});
