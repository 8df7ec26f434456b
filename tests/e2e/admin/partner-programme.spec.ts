import crypto from "node:crypto";
import { expect, expectAccessible, test } from "../fixtures";
import { seedUser, signIn } from "../support";

const tag = () => crypto.randomBytes(4).toString("hex");

test("a super admin creates a shop key, sees it once, and revokes it", async ({ page }) => {
  // Five pages and dialogs checked by axe and a reload: close to the default minute.
  test.slow();
  const name = `E2E shop ${tag()}`;
  const admin = await seedUser(page.request, { role: "super_admin" });
  await signIn(page, admin);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/admin/dashboard");
  // Super admins find the page in the admin menu.
  await page.getByRole("button", { name: "Admin", exact: true }).click();
  await page.getByRole("link", { name: "Partner programme" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Partner programme" })).toBeVisible();
  const keys = page.getByRole("region", { name: "Shop keys" });
  await expect(keys).toBeVisible();
  await expect(page.getByRole("region", { name: "Commission plan" })).toBeVisible();
  await expectAccessible(page);

  // The shared schema checks the name before anything is sent.
  const create = keys.getByRole("button", { name: "Create key" });
  await create.click();
  const form = page.getByRole("dialog", { name: "Create a shop key" });
  await expect(form.getByLabel("Name")).toBeFocused();
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(form.getByText("Please enter a name.")).toBeVisible();
  await expectAccessible(page);
  // By keyboard: Enter in the field sends the form.
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Name").press("Enter");
  await expect(form).toHaveCount(0);

  // The key, this once: focused and selected, with the sentence that it will not come again.
  const shown = page.getByRole("dialog", { name: "The new shop key" });
  await expect(shown).toContainText("It will not be shown again");
  const field = shown.getByLabel(`Key “${name}”`);
  await expect(field).toBeFocused();
  const key = await field.inputValue();
  expect(key).toMatch(/^pps_[\w-]{40,}$/);
  await expectAccessible(page);
  await shown.getByRole("button", { name: "Copy key" }).click();
  await expect(page.getByText("Key copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toHaveCount(0);
  await expect(create).toBeFocused();

  // From now on only the key's first characters are shown, also after a reload.
  const prefix = key.slice(0, 10);
  const card = page.getByRole("article", { name });
  await expect(card).toContainText(`${prefix}…`);
  await expect(card).toContainText("Live");
  await expect(card).toContainText("Never");
  await page.reload();
  await expect(card).toContainText(`${prefix}…`);
  expect(await page.content()).not.toContain(key);

  // Revoking asks first, with the safe choice focused; Escape gives the focus back.
  const revoke = card.getByRole("button", { name: `Revoke: ${name} (${prefix}…)` });
  await revoke.focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: "Revoke shop key?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(revoke).toBeFocused();
  await revoke.click();
  await expect(confirm).toContainText(name);
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card).toContainText("Revoked");
  await expect(card.getByRole("button")).toHaveCount(0);
  await expect(create).toBeFocused();
  await expectAccessible(page);
});

test("a super admin sets the commission plan in percent and euros at 390 px, in English and German", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await seedUser(page.request, { role: "super_admin" });
  await signIn(page, admin);
  await page.goto("/admin/partner-programme");
  const plan = page.getByRole("region", { name: "Commission plan" });
  const personal = plan.getByLabel("Rate for personal accounts (%)");
  const company = plan.getByLabel("Rate for company accounts (%)");
  const minimum = plan.getByLabel("Minimum order (€)");
  const save = plan.getByRole("button", { name: "Save plan" });

  // Checked in the page before anything is sent, the first wrong field focused.
  await personal.fill("100,5");
  await company.fill("7.125");
  await minimum.fill("1.000");
  await save.click();
  await expect(plan.getByText("Please enter a rate from 0 to 100.")).toBeVisible();
  await expect(plan.getByText("Please use at most two decimals.")).toBeVisible();
  await expect(plan.getByText("Please enter an amount in euros with at most two decimals")).toBeVisible();
  await expect(personal).toBeFocused();
  await expect(personal).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  // What the API refuses lands at its field too (its 422 names the field by the API's name).
  await page.route("**/api/admin/commission-plan", (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({
          status: 422,
          json: {
            error: {
              code: "VALIDATION_FAILED",
              message: "Validation failed",
              details: { issues: [{ path: "minimumOrderCents", message: "minimumRange" }] },
            },
          },
        })
      : route.fallback(),
  );
  await personal.fill("12.5");
  await company.fill("10");
  await minimum.fill("10,00");
  await save.click();
  await expect(plan.getByText("Please enter an amount from 0 to 10,000,000 euros.")).toBeVisible();
  await expect(minimum).toBeFocused();
  await page.unroute("**/api/admin/commission-plan");

  await save.click();
  await expect(page.getByText("Commission plan saved.")).toBeVisible();
  await expect(plan.getByText(/^Last changed on /)).toBeVisible();
  await expect(plan.getByText("No plan set yet")).toHaveCount(0);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  await page.reload();
  await expect(personal).toHaveValue("12.5");
  await expect(company).toHaveValue("10");
  await expect(minimum).toHaveValue("10.00");

  // German: the same plan with the German decimal mark.
  await page.getByRole("button", { name: /Deutsch/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Partnerprogramm" })).toBeVisible();
  await page.reload();
  const planGerman = page.getByRole("region", { name: "Provisionsplan" });
  await expect(planGerman.getByLabel("Satz für Privatkonten (%)")).toHaveValue("12,5");
  await expect(planGerman.getByLabel("Satz für Unternehmenskonten (%)")).toHaveValue("10");
  await expect(planGerman.getByLabel("Mindestbestellwert (€)")).toHaveValue("10,00");
  await expect(planGerman.getByText(/^Zuletzt geändert am /)).toBeVisible();
  await expect(page.getByRole("region", { name: "Shop-Schlüssel" })).toBeVisible();
  await expectAccessible(page);
});

test("an admin who is not a super admin is told the page is for super admins only", async ({ page }) => {
  const admin = await seedUser(page.request, { role: "admin" });
  await signIn(page, admin);
  await page.goto("/admin/partner-programme");
  await expect(page.getByRole("heading", { level: 1, name: "Partner programme" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "For super admins only" })).toBeVisible();
  await expect(page.getByText("Only super admins can manage the shop's keys")).toBeVisible();
  await expect(page.getByRole("region", { name: "Shop keys" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);
  // The admin menu does not offer the page to them.
  await page.getByRole("button", { name: "Admin", exact: true }).click();
  await expect(page.getByRole("link", { name: "News" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Partner programme" })).toHaveCount(0);
  await expectAccessible(page);
});
