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

type BoundingBox = { x: number; y: number; width: number; height: number } | null;
function overlap(a: BoundingBox, b: BoundingBox): boolean {
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const signIn = {
  en: {
    email: "Email",
    password: "Password",
    submit: "Log in",
    toast: "Login successful!",
    menu: "Open menu",
  },
  de: {
    email: "E-Mail",
    password: "Passwort",
    submit: "Anmelden",
    toast: "Anmeldung erfolgreich!",
    menu: "Menü öffnen",
  },
} as const;

for (const language of ["en", "de"] as const) {
  test(`at 640 px the sign-in toast leaves the header's controls free (${language})`, async ({
    page,
    request,
  }) => {
    const words = signIn[language];
    await page.setViewportSize({ width: 640, height: 900 });
    const member = await seedUser(request, { status: "pending" });
    await page.goto("/login");
    if (language === "de") {
      await page.getByRole("button", { name: /Deutsch/ }).click();
      await expect(page.getByRole("button", { name: words.submit, exact: true })).toBeVisible();
    }
    await page.getByLabel(words.email).fill(member.email);
    await page.getByLabel(words.password, { exact: true }).fill(member.password);
    await page.getByRole("button", { name: words.submit, exact: true }).click();
    await page.waitForURL(/\/dashboard$/);

    const toast = page.locator("[data-sonner-toast]").filter({ hasText: words.toast });
    await expect(toast).toBeVisible();
    const banner = page.getByRole("banner");
    for (const control of [
      banner.getByRole("button", { name: /^EN/ }),
      banner.getByRole("button", { name: /^DE/ }),
      banner.getByRole("button", { name: words.menu }),
    ]) {
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      await expect.poll(async () => overlap(await toast.boundingBox(), box)).toBe(false);
    }
    await expectAccessible(page);
  });
}

test("a toast moves out of the way of the control that has the focus", async ({ page, request }) => {
  await page.setViewportSize({ width: 640, height: 900 });
  const member = await seedUser(request, { status: "pending" });
  await logInWithForm(page, member);
  await page.goto("/personal-complete-profile");
  // An empty save raises an error toast and focuses the first missing field.
  await page.getByRole("button", { name: "Save profile" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Please fill all required fields." });
  await expect(toast).toBeVisible();
  // The form focuses its first missing field: whichever it is, the toast does not cover it.
  const focused = page.locator(":focus");
  await expect(focused).toHaveCount(1);
  await expect.poll(async () => overlap(await toast.boundingBox(), await focused.boundingBox())).toBe(false);
  // Scrolled to the very top of the screen, where the toasts are when no header is in view.
  await focused.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 20));
  await expect
    .poll(() => focused.evaluate((element) => Math.round(element.getBoundingClientRect().top)))
    .toBe(20);
  await expect.poll(async () => overlap(await toast.boundingBox(), await focused.boundingBox())).toBe(false);
  await page.evaluate(() => window.scrollTo(0, 0));
  // Header controls are never covered, focused or not.
  for (const name of [/^EN/, "Open menu"]) {
    const control = page.getByRole("banner").getByRole("button", { name });
    await control.focus();
    await expect
      .poll(async () => overlap(await toast.boundingBox(), await control.boundingBox()))
      .toBe(false);
  }
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
  // Today in the app's zone (APP_TIME_ZONE is unset here: Europe/Berlin), not the test machine's:
  // between midnight in Berlin and midnight UTC the two are different days.
  const today = new Intl.DateTimeFormat("de-DE", { dateStyle: "medium", timeZone: "Europe/Berlin" }).format(
    new Date(),
  );
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
