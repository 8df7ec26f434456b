import { expect, expectAccessible, test } from "../fixtures";
import { mailTo, seedUser } from "../support";

test("logs in with a code read from the mail outbox", async ({ page, request }) => {
  const user = await seedUser(request, { firstName: "Cora", lastName: "Code" });
  await page.goto("/login");
  await page.getByRole("button", { name: "Log in with an email code instead" }).click();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("6-digit code")).toBeVisible();
  await expect(page.getByRole("button", { name: /Resend code in \d+ s/ })).toBeDisabled();
  await expectAccessible(page);

  const mail = await mailTo(user.email, /login code/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);

  // A wrong code first: the boxes clear and the focus goes back to the first box.
  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel("Digit 1 of 6").focus();
  await page.keyboard.type(wrong);
  await page.getByRole("button", { name: "Verify and log in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid verification code." })).toBeVisible();
  await expect(page.getByLabel("Digit 1 of 6")).toHaveValue("");
  await expect(page.getByLabel("Digit 1 of 6")).toBeFocused();

  // The refused code's error follows a switch of the language.
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.locator("#code-error")).toHaveText("Ungültiger Bestätigungscode.");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.locator("#code-error")).toHaveText("Invalid verification code.");

  await page.getByLabel("Digit 1 of 6").focus();
  await page.keyboard.type(code);
  await page.getByRole("button", { name: "Verify and log in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Cora Code!" })).toBeVisible();
});
