import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, test } from "../fixtures";
import { logInWithForm, mailTo, seedUser } from "../support";

/** Real PNG images of an ID's two sides, written to a temp folder for the file inputs. */
async function idImages() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "id-images-"));
  const make = async (name: string, color: string) => {
    const file = path.join(dir, name);
    await sharp({ create: { width: 640, height: 400, channels: 3, background: color } })
      .png()
      .toFile(file);
    return file;
  };
  return { front: await make("front.png", "#3366cc"), back: await make("back.png", "#cc6633") };
}

function inTwoYears() {
  const date = new Date();
  date.setFullYear(date.getFullYear() + 2);
  return date.toISOString().slice(0, 10);
}

async function verifyEmail(
  page: Page,
  type: "personal" | "company",
  email: string,
  { wrongCodeFirst = false } = {},
) {
  await page.getByRole("link", { name: "Verify your email" }).click();
  await expect(page).toHaveURL(new RegExp(`/${type}-verify-email$`));
  await expect(page.getByRole("heading", { level: 1, name: "Verify your email" })).toBeVisible();
  await expect(page.getByText("No email? Check your spam folder", { exact: false })).toBeVisible();
  const mail = await mailTo(email, /confirm your email/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
  expect(mail.subject).not.toContain(code);
  await expectAccessible(page);
  if (wrongCodeFirst) {
    // A refused code's error stands beside the boxes and follows a switch of the language.
    await page.getByLabel("Digit 1 of 6").focus();
    await page.keyboard.type(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify email" }).click();
    await expect(page.locator("#verify-email-error")).toHaveText("Invalid verification code.");
    await page.getByRole("button", { name: "Deutsch" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "E-Mail-Adresse bestätigen" })).toBeVisible();
    await expect(page).toHaveTitle(/^E-Mail-Adresse bestätigen · /);
    await expect(page.locator("#verify-email-error")).toHaveText("Ungültiger Bestätigungscode.");
    await expect(page.getByLabel("Ziffer 1 von 6")).toHaveAccessibleDescription(
      "Ungültiger Bestätigungscode.",
    );
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Verify your email" })).toBeVisible();
    await expect(page).toHaveTitle(/^Verify your email · /);
    await expect(page.locator("#verify-email-error")).toHaveText("Invalid verification code.");
  }
  await page.getByLabel("Digit 1 of 6").focus();
  await page.keyboard.type(code);
  await page.getByRole("button", { name: "Verify email" }).click();
  await expect(page.getByText("Email verified successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
}

async function uploadId(page: Page, type: "personal" | "company", idType: string) {
  const images = await idImages();
  await page.goto(`/${type}-id-upload`);
  await expectAccessible(page);
  await page.getByLabel(/ID type|Type of the contact person's ID/).selectOption({ label: idType });
  await page.getByLabel(/ID number/).fill("L01X00T47");
  await page.getByLabel("Expiry date").fill(inTwoYears());
  await page.getByLabel(/^Front side/).setInputFiles(images.front);
  await page.getByLabel(/^Back side/).setInputFiles(images.back);
  await page.getByRole("button", { name: "Upload document" }).click();
  await expect(page.getByText("ID document uploaded successfully.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
}

async function expectThreeDoneAndSignEnabled(page: Page) {
  for (const step of ["email_verified", "documents_uploaded", "profile_completed"]) {
    await expect(page.locator(`[data-step="${step}"]`)).toHaveAttribute("data-done", "true");
  }
  await expect(page.locator('[data-step="contract_signed"]')).toHaveAttribute("data-done", "false");
  await expect(page.locator('[data-step="contract_signed"]')).toContainText("missing");
  await expect(page.getByRole("link", { name: "Sign your contract" })).toBeVisible();
  // Signing is what is left: it is the call to action; the approval notice comes after it.
  await expect(page.getByRole("listitem").filter({ hasText: "Next step" })).toContainText(
    "Sign your contract",
  );
  await expect(page.getByText("Awaiting admin approval")).toHaveCount(0);
  await expectAccessible(page);
}

test("a personal member verifies the email, uploads an ID and completes the profile", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, { status: "pending", firstName: "Paula", lastName: "Onboard" });
  await logInWithForm(page, member);
  await expect(page.locator('[data-step="email_verified"]')).toHaveAttribute("data-done", "false");
  await expect(page.getByRole("button", { name: "Sign your contract" })).toBeDisabled();
  // A new member is greeted with the first step to do, not with a notice about an approval.
  await expect(page.getByText("Awaiting admin approval")).toHaveCount(0);
  await expect(page.getByRole("listitem").filter({ hasText: "Next step" })).toContainText(
    "Verify your email",
  );
  await expectAccessible(page);

  await verifyEmail(page, "personal", member.email, { wrongCodeFirst: true });
  await uploadId(page, "personal", "Passport");

  await page.getByRole("link", { name: "Complete your profile" }).click();
  await expect(page).toHaveURL(/\/personal-complete-profile$/);
  await page.getByLabel("Date of birth").fill("1990-05-17");
  await page.getByLabel("Nationality").fill("German");
  await page.getByLabel("Street and house number").fill("Musterstraße 1");
  await page.getByLabel("Postal code").fill("10115");
  await page.getByLabel("City").fill("Berlin");
  await page.getByLabel(/^Country\*?$/).fill("Germany");
  await page.getByLabel("Account holder").fill("Paula Onboard");
  await page.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved successfully.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

  await expectThreeDoneAndSignEnabled(page);
});

test("a company member completes the three steps for the contact person", async ({ page, request }) => {
  const member = await seedUser(request, {
    status: "pending",
    userType: "company",
    companyName: "Onboard GmbH",
  });
  await logInWithForm(page, member);
  await expect(page.locator('[data-step="documents_uploaded"]')).toContainText("Contact ID");

  await verifyEmail(page, "company", member.email);
  await uploadId(page, "company", "Business license");

  await page.goto("/company-complete-profile");
  await page.getByRole("textbox", { name: "Company phone", exact: true }).fill("+49 30 1234567");
  await page.getByLabel("Street and house number").fill("Industriestraße 5");
  await page.getByLabel("Postal code").fill("80331");
  await page.getByLabel("City").fill("München");
  await page.getByLabel(/^Country\*?$/).fill("Germany");
  await page.getByLabel("Business type").fill("Consulting");
  await page.getByLabel("Number of employees").fill("12");
  await page.getByLabel("UID number").fill("DE123456789");
  await page.getByLabel("Account holder").fill("Onboard GmbH");
  await page.getByLabel("IBAN").fill("AT611904300234573201");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Company profile saved successfully.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

  await expectThreeDoneAndSignEnabled(page);
});

test("the dashboard fits a 390 px screen without horizontal scrolling", async ({ browser, request }) => {
  const member = await seedUser(request, {
    status: "pending",
    userType: "company",
    companyName: "Narrow Screen AG",
  });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await logInWithForm(page, member);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Narrow Screen AG!" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});

test("signing is refused on the route before the three steps, with the spec's toast", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, { status: "pending" });
  await logInWithForm(page, member);
  await page.goto("/personal-sign-contract");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText(
      "Please complete email verification, ID upload, and profile completion before signing the contract.",
    ),
  ).toBeVisible();
});

test("German texts on the onboarding pages", async ({ page, request }) => {
  const member = await seedUser(request, { status: "pending" });
  await logInWithForm(page, member);
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Ihr Onboarding" })).toBeVisible();
  await page.goto("/personal-complete-profile");
  await expect(page.getByLabel("Geburtsdatum")).toBeVisible();
  await expectAccessible(page);
  await expect(page).toHaveTitle(/^Profil vervollständigen · /);
  await page.getByRole("button", { name: "English" }).click();
  // The page and the browser tab's title both follow the switch (the title arrives with the
  // refreshed page's metadata, a moment after its content), so the after-each axe check sees
  // the finished English page.
  await expect(page.getByRole("heading", { level: 1, name: "Complete your profile" })).toBeVisible();
  await expect(page).toHaveTitle(/^Complete your profile · /);
});

test("a file named .png that is not an image is refused at once, with no preview", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, { status: "pending" });
  await logInWithForm(page, member);
  await page.goto("/personal-id-upload");
  const front = page.getByLabel(/^Front side/);
  await front.setInputFiles({
    name: "passport.png",
    mimeType: "image/png",
    buffer: Buffer.from("not a picture"),
  });
  // Refused in the browser on choosing, before any upload: the message sits at the field.
  await expect(page.getByText("This file is not a PNG or JPEG image, whatever its name says.")).toBeVisible();
  await expect(front).toHaveAttribute("aria-invalid", "true");
  expect(await front.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
  await expect(page.locator("main form").getByRole("img")).toHaveCount(0);
  await expectAccessible(page);

  // A real image in its place is taken and previewed.
  const images = await idImages();
  await front.setInputFiles(images.front);
  await expect(page.getByRole("img", { name: /front/i })).toBeVisible();
  await expect(page.getByText("This file is not a PNG or JPEG image", { exact: false })).toHaveCount(0);
});

test("an Austrian phone shows in Austria's own format, and the other phones default to Austria", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, { status: "pending", firstName: "Anna", lastName: "Wien" });
  await logInWithForm(page, member);
  await page.goto("/personal-complete-profile");
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("+43 664 1234567");
  await page.getByLabel("Date of birth").fill("1991-03-02");
  await page.getByLabel("Nationality").fill("Austrian");
  await page.getByLabel("Street and house number").fill("Ringstraße 1");
  await page.getByLabel("Postal code").fill("1010");
  await page.getByLabel("City").fill("Wien");
  await page.getByLabel(/^Country\*?$/).fill("Austria");
  await page.getByLabel("Account holder").fill("Anna Wien");
  await page.getByLabel("IBAN").fill("AT611904300234573201");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved successfully.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  // Opened again from the saved profile: no "+43 …" number beside an "Austria (+43)" choice.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto("/personal-complete-profile");
  const phone = page.getByRole("textbox", { name: "Phone", exact: true });
  await expect(phone).toHaveValue(/^0?664/);
  await expect(
    page.getByRole("combobox", { name: "Phone: country Austria (+43)", exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole("combobox", { name: "Emergency contact phone: country Austria (+43)", exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole("combobox", { name: "Second phone: country Austria (+43)", exact: true }),
  ).toBeVisible();
  await expectAccessible(page);
});

test("an empty ID upload says beside each field what is missing and focuses the first", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, { status: "pending" });
  await logInWithForm(page, member);
  await page.goto("/personal-id-upload");
  await page.getByRole("button", { name: "Upload document" }).click();
  // The form's summary (the toast says it too), and each field's own message beside it.
  const summary = page.locator("#id-upload-form-error");
  await expect(summary).toContainText("Please fill all fields and upload both");
  const idType = page.getByLabel("ID type");
  await expect(idType).toBeFocused();
  await expect(idType).toHaveAttribute("aria-invalid", "true");
  for (const id of ["idType", "idNumber", "expiryDate"]) {
    await expect(page.locator(`#id-upload-${id}-error`)).toHaveText("This field is required.");
  }
  for (const side of ["front", "back"]) {
    await expect(page.locator(`#id-upload-${side}-error`)).toHaveText("Please choose an image of this side.");
  }
  await expectAccessible(page);

  // Without a back side, the back image is no longer asked for.
  await page.getByLabel("The document has a back side").uncheck();
  await expect(page.getByLabel(/^Back side/)).toHaveCount(0);
  await page.getByRole("button", { name: "Upload document" }).click();
  await expect(summary).toContainText("upload the front image");
});

test("the API's refusal of a field shows beside that field, which takes the focus", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, { status: "pending" });
  await logInWithForm(page, member);
  // A device clock three days behind: the form takes yesterday's date, which the API knows is past.
  const day = 24 * 60 * 60 * 1000;
  await page.clock.setFixedTime(new Date(Date.now() - 3 * day));
  const yesterday = new Date(Date.now() - day).toISOString().slice(0, 10);
  await page.goto("/personal-id-upload");
  const images = await idImages();
  await page.getByLabel("ID type").selectOption({ label: "Passport" });
  await page.getByLabel("ID number").fill("L01X00T47");
  await page.getByLabel("Expiry date").fill(yesterday);
  await page.getByLabel(/^Front side/).setInputFiles(images.front);
  await page.getByLabel(/^Back side/).setInputFiles(images.back);
  // The API's answer, not a 401 of an access token that ran out on the way (the client retries it).
  const answer = page.waitForResponse(
    (response) => response.url().endsWith("/api/upload/personal-id") && response.status() !== 401,
  );
  await page.getByRole("button", { name: "Upload document" }).click();
  expect((await answer).status()).toBe(422);
  const expiry = page.getByLabel("Expiry date");
  await expect(page.locator("#id-upload-expiryDate-error")).toHaveText("Expiry date must be in the future.");
  await expect(expiry).toHaveAttribute("aria-invalid", "true");
  await expect(expiry).toBeFocused();
  await expect(page).toHaveURL(/\/personal-id-upload$/);
  await expectAccessible(page);
});
