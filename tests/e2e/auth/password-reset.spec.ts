import { expect, expectAccessible, test } from "../fixtures";
import { mailTo, seedUser } from "../support";

test("password reset from the request to a login with the new password", async ({ page, request }) => {
  const user = await seedUser(request, { firstName: "Rita", lastName: "Reset" });
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await expectAccessible(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("If your email exists, you will receive a reset link.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  const mail = await mailTo(user.email, /reset your password/i);
  const link = /http:\/\/localhost:3210\/password-reset-set\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, "the mail links to the reset page on PUBLIC_URL").toBeTruthy();

  const response = await page.goto(link ?? "");
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  const submit = page.getByRole("button", { name: "Save new password" });
  await expect(submit).toBeDisabled();
  await page.getByLabel("New password", { exact: true }).fill("weak");
  await expect(page.locator('[data-rule="uppercase"]')).toHaveAttribute("data-met", "false");
  await page.getByLabel("New password", { exact: true }).fill("N3w-Passw0rd!");
  await expect(page.locator("[data-rule]")).toHaveCount(5);
  for (const rule of await page.locator("[data-rule]").all())
    await expect(rule).toHaveAttribute("data-met", "true");
  await page.getByLabel("Confirm new password").fill("N3w-Passw0rd?");
  await expect(page.getByText("Passwords do not match.")).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel("Confirm new password").fill("N3w-Passw0rd!");
  await expect(submit).toBeEnabled();
  await expectAccessible(page);
  await submit.click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  // The old password no longer works, the new one does.
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.locator("#login-error")).toHaveText("Invalid credentials");
  await page.getByLabel("Password", { exact: true }).fill("N3w-Passw0rd!");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.goto(link ?? "");
  await expect(page.getByText("Invalid or expired reset link.")).toBeVisible();
});

test("an unknown email gets the same answer", async ({ page }) => {
  await page.goto("/password-reset");
  await page.getByLabel("Email").fill("nobody-here@e2e.example.com");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("If your email exists, you will receive a reset link.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
});

test("a missing or invalid token says so", async ({ page }) => {
  await page.goto("/password-reset-set");
  await expect(page.getByText("Missing reset token.")).toBeVisible();
  await expectAccessible(page);
  await page.goto("/password-reset-set?token=this-token-does-not-exist-0123456789abcdef");
  await expect(page.getByText("Invalid or expired reset link.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
    "href",
    "/password-reset",
  );
});
