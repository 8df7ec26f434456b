import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { mailTo, seedUser } from "../support";

/** Presses Tab from the top of the page until `target` has focus (a bounded walk). */
async function tabTo(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < 30; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test("keyboard only: log in with email and password", async ({ page, request }) => {
  const user = await seedUser(request, { firstName: "Kai", lastName: "Keys" });
  await page.goto("/login");
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(user.email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await page.keyboard.type(user.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Kai Keys!" })).toBeVisible();
});

test("keyboard only: log in with an email code", async ({ page, request }) => {
  const user = await seedUser(request, { firstName: "Cleo", lastName: "Keys" });
  await page.goto("/login");
  await tabTo(page, page.getByRole("button", { name: "Log in with an email code instead" }));
  await page.keyboard.press("Enter");
  // The code form's email field takes focus after the switch.
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(user.email);
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Digit 1 of 6")).toBeFocused();

  const mail = await mailTo(user.email, /login code/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  // Incomplete: Enter says so beside the boxes.
  await page.keyboard.type(code.slice(0, 3));
  await expect(page.getByLabel("Digit 4 of 6")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Digit 1 of 6")).toHaveAccessibleDescription(
    "Please enter the complete 6-digit code.",
  );
  // The focus stayed in the fourth box; Backspace walks back, typing fills on; Enter sends.
  await expect(page.getByLabel("Digit 4 of 6")).toBeFocused();
  await page.keyboard.press("Backspace");
  await expect(page.getByLabel("Digit 3 of 6")).toBeFocused();
  await page.keyboard.type(code.slice(2));
  await expect(page.getByLabel("Digit 6 of 6")).toHaveValue(code.slice(5));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Cleo Keys!" })).toBeVisible();
});
