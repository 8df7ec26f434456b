import { expect, expectAccessible, test } from "../fixtures";
import { logInWithForm, seedUser } from "../support";

test("header menus by keyboard: Escape closes them and gives the focus back to their button", async ({
  page,
  request,
}) => {
  const admin = await seedUser(request, { role: "admin", status: "active" });
  await logInWithForm(page, admin);
  await expect(page).toHaveURL(/\/dashboard$/);

  for (const name of ["Admin", "Profile menu"]) {
    const button = page.getByRole("banner").getByRole("button", { name });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
  }

  // A page change by keyboard puts the focus back at the start: the next Tab is the skip link.
  await page.getByRole("banner").getByRole("link", { name: "My account", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/(personal|company)\/profile$/);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
});

test("toasts start below the header while a header control has the focus", async ({ page, request }) => {
  const member = await seedUser(request, { status: "pending" });
  await logInWithForm(page, member);
  await page.goto("/personal-complete-profile");
  // An empty save raises an error toast (4 s) and focuses the first missing field.
  await page.getByRole("button", { name: "Save profile" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Please fill all required fields." });
  await expect(toast).toBeVisible();
  // The focus stays on the form's first missing field; the page is scrolled back to the header.
  await page.evaluate(() => window.scrollTo(0, 0));
  const header = await page.getByRole("banner").boundingBox();
  const headerBottom = (header?.y ?? 0) + (header?.height ?? 0);
  expect((await toast.boundingBox())?.y ?? 0).toBeLessThan(headerBottom);

  await page.getByRole("banner").getByRole("button", { name: "Profile menu" }).focus();
  await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(headerBottom);
  await page.getByRole("banner").getByRole("button", { name: /^EN/ }).focus();
  await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(headerBottom);
});

test("an onboarding in German: every date in German format, German toast close button", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, { status: "pending", firstName: "Greta", lastName: "Datum" });
  await logInWithForm(page, member);
  await page.getByRole("button", { name: /Deutsch/ }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Ihr Onboarding" })).toBeVisible();
  await expect(page.getByText("Nächster Schritt")).toBeVisible();

  await page.goto("/personal-verify-email");
  await expect(page.getByText("Wir haben einen 6-stelligen Code an")).toBeVisible();

  await page.goto("/personal-complete-profile");
  await page.getByLabel("Geburtsdatum").fill("1990-05-15");
  await page.getByLabel("Staatsangehörigkeit").fill("deutsch");
  await page.getByLabel("Straße und Hausnummer").fill("Musterstraße 1");
  await page.getByLabel("Postleitzahl").fill("10115");
  await page.getByLabel(/^Ort\*?$/).fill("Berlin");
  await page.getByLabel(/^Land\*?$/).fill("Deutschland");
  await page.getByLabel("Kontoinhaber").fill("Greta Datum");
  await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
  await page.getByRole("button", { name: "Profil speichern" }).click();
  await expect(page.getByText("Profil erfolgreich gespeichert.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Benachrichtigung schließen" }).first()).toBeAttached();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

  await page.goto("/personal/profile");
  const main = page.locator("main");
  await expect(main).toContainText("15.05.1990");
  const today = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium" }).format(new Date());
  await expect(main).toContainText(today);
  const text = (await main.textContent()) ?? "";
  // No ISO dates and no English month names anywhere on the page.
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  expect(text).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/);
  await expectAccessible(page);
  await expect(page).toHaveTitle(/^Mein Konto · /);
  await page.getByRole("button", { name: /English/ }).click();
  // The page and the browser tab's title both follow the switch (the title arrives with the
  // refreshed page's metadata, a moment after its content), so the after-each axe check sees
  // the finished English page.
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await expect(page).toHaveTitle(/^My account · /);
});
