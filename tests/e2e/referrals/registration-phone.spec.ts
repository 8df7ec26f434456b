import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "../fixtures";
import { DEFAULT_PASSWORD, uniqueEmail } from "../support";
import { referralLink } from "./referral-support";

/** Every request the page makes that leaves the machine (a flag from a CDN would be one). */
function foreignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && !["localhost", "127.0.0.1"].includes(url.hostname))
      foreign.push(request.url());
  });
  return foreign;
}

/** Opens a phone field's country list, searches, and picks the first match with Enter. */
async function chooseCountry(page: Page, field: string, search: string) {
  await page.getByRole("combobox", { name: new RegExp(`^${field}: country`) }).click();
  const searchBox = page.getByRole("combobox", { name: "Search country" });
  await expect(searchBox).toBeFocused();
  await searchBox.fill(search);
  await expect(page.getByRole("option").first()).toContainText(search.slice(0, 4));
  await searchBox.press("Enter");
}

test("personal registration: the phone country is found by searching, flags come from our own origin", async ({
  page,
  request,
}) => {
  const { link } = await referralLink(page, request);
  const foreign = foreignRequests(page);
  await page.goto(link);
  const form = page.getByRole("tabpanel", { name: "Personal" });
  await form.getByLabel("First name").fill("Anna");
  await form.getByLabel("Last name").fill("Alpen");
  const email = uniqueEmail("phone-personal");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Confirm email").fill(email);

  await chooseCountry(page, "Phone number", "Austria");
  const countryButton = page.getByRole("combobox", { name: /^Phone number: country/ });
  await expect(countryButton).toBeFocused();
  await expect(countryButton).toHaveAccessibleName("Phone number: country Austria (+43)");
  await expect(countryButton.locator("img")).toHaveAttribute("src", "/flags/AT.svg");
  // Searching by calling code finds the country too; Escape leaves the choice as it was.
  await countryButton.click();
  await page.getByRole("combobox", { name: "Search country" }).fill("0041");
  await expect(page.getByRole("option").first()).toContainText("Switzerland");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(countryButton).toHaveAccessibleName("Phone number: country Austria (+43)");

  // A national number is read in the chosen country.
  await form.getByLabel("Phone number", { exact: true }).fill("0664 1234567");
  await form.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await form.getByLabel("Confirm password").fill(DEFAULT_PASSWORD);
  const sent = page.waitForRequest((candidate) =>
    candidate.url().endsWith("/api/register/personal-referral"),
  );
  await page.getByRole("button", { name: "Register", exact: true }).click();
  expect((await sent).postDataJSON()).toMatchObject({ phone: "+436641234567", phoneCountry: "AT" });
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  expect(foreign).toEqual([]);
});

test("company registration: each phone has its own searchable country", async ({ page, request }) => {
  const { link } = await referralLink(page, request);
  await page.goto(link);
  await page.getByRole("tab", { name: "Company" }).click();
  const form = page.getByRole("tabpanel", { name: "Company" });
  const email = uniqueEmail("phone-company");
  await form.getByLabel("Company name").fill("Uhren AG");
  await form.getByLabel("Company email", { exact: true }).fill(email);
  await form.getByLabel("Confirm company email").fill(email);
  await chooseCountry(page, "Company phone number", "Switz");
  await form.getByLabel("Company phone number", { exact: true }).fill("044 668 18 00");
  await form.getByLabel("Contact person", { exact: true }).fill("Karl Kontakt");
  await chooseCountry(page, "Contact person's phone number", "Austria");
  await form.getByLabel("Contact person's phone number", { exact: true }).fill("0664 1234567");
  await expect(page.getByRole("combobox", { name: /^Company phone number: country/ })).toHaveAccessibleName(
    "Company phone number: country Switzerland (+41)",
  );
  await form.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await form.getByLabel("Confirm password").fill(DEFAULT_PASSWORD);
  const sent = page.waitForRequest((candidate) => candidate.url().endsWith("/api/register/company-referral"));
  await page.getByRole("button", { name: "Register", exact: true }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    companyPhone: "+41446681800",
    companyPhoneCountry: "CH",
    contactPersonPhone: "+436641234567",
    contactPersonPhoneCountry: "AT",
  });
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
});

test("keyboard only: a personal registration, the phone country included", async ({ page, request }) => {
  const { link } = await referralLink(page, request);
  await page.goto(link);
  const form = page.getByRole("tabpanel", { name: "Personal" });
  const firstName = form.getByLabel("First name");
  await expect(firstName).toBeVisible();
  for (
    let presses = 0;
    presses < 40 && !(await firstName.evaluate((input) => input === document.activeElement));
    presses++
  )
    await page.keyboard.press("Tab");
  await expect(firstName).toBeFocused();

  const email = uniqueEmail("keyboard");
  for (const text of ["Kim", "Keyboard", email, email]) {
    await page.keyboard.type(text);
    await page.keyboard.press("Tab");
  }
  // The country button: Enter opens the search, typing filters, arrows move, Enter chooses.
  await expect(page.getByRole("combobox", { name: /^Phone number: country/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.type("Austr");
  await expect(page.getByRole("option", { selected: true })).toContainText("Australia");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("option", { selected: true })).toContainText("Austria");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("combobox", { name: /^Phone number: country/ })).toHaveAccessibleName(
    "Phone number: country Austria (+43)",
  );
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Phone number", { exact: true })).toBeFocused();
  await page.keyboard.type("0664 1234567");
  await page.keyboard.press("Tab");
  await page.keyboard.type(DEFAULT_PASSWORD);
  await page.keyboard.press("Tab"); // the password's show button
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Confirm password")).toBeFocused();
  await page.keyboard.type(DEFAULT_PASSWORD);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Register", exact: true })).toBeFocused();
  const sent = page.waitForRequest((candidate) =>
    candidate.url().endsWith("/api/register/personal-referral"),
  );
  await page.keyboard.press("Enter");
  expect((await sent).postDataJSON()).toMatchObject({ phone: "+436641234567", phoneCountry: "AT" });
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
});

test("the API's answer about a field shows beside that field", async ({ page, request }) => {
  const { link } = await referralLink(page, request);
  const email = uniqueEmail("taken");
  for (const attempt of [1, 2]) {
    await page.goto(link);
    const form = page.getByRole("tabpanel", { name: "Personal" });
    await form.getByLabel("First name").fill("Tina");
    await form.getByLabel("Last name").fill("Taken");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Confirm email").fill(email);
    await form.getByLabel("Phone number", { exact: true }).fill("+49 151 23456789");
    await form.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
    await form.getByLabel("Confirm password").fill(DEFAULT_PASSWORD);
    await page.getByRole("button", { name: "Register", exact: true }).click();
    if (attempt === 1) {
      await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
      continue;
    }
    const emailField = form.getByLabel("Email", { exact: true });
    await expect(emailField).toBeFocused();
    await expect(emailField).toHaveAttribute("aria-invalid", "true");
    await expect(emailField).toHaveAccessibleDescription("Email address is already in use.");
  }
});

test("a long password stays readable beside the show-password button", async ({ page, request }) => {
  const { link } = await referralLink(page, request);
  await page.goto(link);
  const form = page.getByRole("tabpanel", { name: "Personal" });
  const password = form.getByLabel("Password", { exact: true });
  await password.fill("A-very-long-password-that-fills-the-whole-field-1!");
  const toggle = form.getByRole("button", { name: "Show password" }).first();
  const [input, button] = [await password.boundingBox(), await toggle.boundingBox()];
  expect(input && button && input.x + input.width <= button.x).toBe(true);
});

/**
 * Holds the phone library's script (the chunk with a class name of react-phone-number-input's
 * own) until `release`, or fails its first request with `failFirst`; other scripts pass.
 */
async function controlPhoneLibrary(page: Page, { failFirst = false } = {}) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const requested: string[] = [];
  await page.route("**/_next/static/chunks/**", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (/PhoneInputCountry/.test(body)) {
      requested.push(route.request().url());
      if (failFirst && requested.length === 1) return route.abort("connectionreset");
      await held;
    }
    await route.fulfill({ response, body });
  });
  return { release, requested };
}

test("typed before the phone library has arrived: the number, the focus and the caret stay when it does", async ({
  page,
  request,
}) => {
  const { link } = await referralLink(page, request);
  const phoneLibrary = await controlPhoneLibrary(page);
  await page.goto(link);
  const form = page.getByRole("tabpanel", { name: "Personal" });
  const phone = form.getByLabel("Phone number", { exact: true });
  const countryButton = form.getByRole("combobox", { name: /^Phone number: country/ });
  await phone.click();
  await page.keyboard.type("+43 664 1234567");
  // The first touch asked for the library, which is held: the stand-in took the typing as it is.
  await expect.poll(() => phoneLibrary.requested.length).toBe(1);
  await expect(phone).toHaveValue("+43 664 1234567");
  await expect(phone).toBeFocused();
  await expect(countryButton).not.toHaveAccessibleName(/Austria/);

  phoneLibrary.release();
  // The library reads the typed number: its country, the digits, the focus and the caret at the end.
  await expect(countryButton).toHaveAccessibleName("Phone number: country Austria (+43)");
  await expect(phone).toBeFocused();
  expect((await phone.inputValue()).replace(/\D/g, "")).toBe("436641234567");
  expect(await phone.evaluate((input: HTMLInputElement) => input.selectionStart === input.value.length)).toBe(
    true,
  );
  await expectAccessible(page);

  await form.getByLabel("First name").fill("Tipp");
  await form.getByLabel("Last name").fill("Früh");
  const email = uniqueEmail("phone-early");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Confirm email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await form.getByLabel("Confirm password").fill(DEFAULT_PASSWORD);
  const sent = page.waitForRequest((candidate) =>
    candidate.url().endsWith("/api/register/personal-referral"),
  );
  await page.getByRole("button", { name: "Register", exact: true }).click();
  expect((await sent).postDataJSON()).toMatchObject({ phone: "+436641234567", phoneCountry: "AT" });
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
});

test("a phone library that failed to load is asked for again at the next use; the typing stays", async ({
  page,
  request,
}) => {
  const { link } = await referralLink(page, request);
  const phoneLibrary = await controlPhoneLibrary(page, { failFirst: true });
  await page.goto(link);
  const form = page.getByRole("tabpanel", { name: "Personal" });
  const phone = form.getByLabel("Phone number", { exact: true });
  const countryButton = form.getByRole("combobox", { name: /^Phone number: country/ });
  await phone.click();
  await expect.poll(() => phoneLibrary.requested.length).toBe(1);
  // The first load failed; the keys are the next use, and the stand-in keeps taking them.
  await page.keyboard.type("+43 664 1234567");
  await expect.poll(() => phoneLibrary.requested.length).toBe(2);
  await expect(phone).toHaveValue("+43 664 1234567");
  phoneLibrary.release();
  await expect(countryButton).toHaveAccessibleName("Phone number: country Austria (+43)");
  await expect(phone).toBeFocused();
  expect((await phone.inputValue()).replace(/\D/g, "")).toBe("436641234567");
});
