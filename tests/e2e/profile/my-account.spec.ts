import { onboardPersonalMember } from "../admin/onboard-via-api";
import { baseURL } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { logInWithForm, seedUser, signIn } from "../support";

// My account after approval: the dashboard leads there, the member edits the address and the
// IBAN (which needs the password), sees the ID on file and downloads a signed contract; the page
// in German too.

test("an approved member edits the details and downloads a signed contract from My account", async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const member = await seedUser(request, { status: "pending", firstName: "Mia", lastName: "Mine" });
  const memberContext = await browser.newContext();
  await onboardPersonalMember(memberContext.request, member);
  await memberContext.close();
  const admin = await seedUser(request, { role: "admin" });
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  const verified = await adminPage.request.post(`/api/admin/verify-user/${member.id}`, {
    headers: { Origin: baseURL },
    data: { permissions: ["can_create_referrals"] },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  await adminContext.close();

  // The steps are gone from the dashboard; the account is a link away.
  await logInWithForm(page, member);
  await page.getByRole("link", { name: /^Go to my account/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await expect(page).toHaveTitle(/^My account · /);
  const sections = page.getByRole("navigation", { name: "Sections of my account" });
  for (const name of ["Account", "Profile details", "My documents", "Permissions", "Security"]) {
    await expect(sections.getByRole("link", { name })).toBeVisible();
  }
  // Permissions in words, not their technical names.
  await expect(page.locator("#permissions")).toContainText("Create referral links");
  await expect(page.locator("#permissions")).not.toContainText("can_create_referrals");

  // My documents: the ID on file and the signed contract with its evidence hash.
  const documents = page.locator("#documents");
  await expect(documents).toContainText("Passport");
  await expect(documents.getByRole("link", { name: "Replace your ID document" })).toHaveAttribute(
    "href",
    "/personal-id-upload",
  );
  await expect(documents).toContainText(/Evidence hash \(SHA-256\): [0-9a-f]{64}/);
  await expectAccessible(page);
  const downloadLink = documents.getByRole("link", { name: /^Download / }).first();
  const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  // Edit at any time: the address, and the IBAN with the current password.
  await page.getByRole("link", { name: "Edit details" }).click();
  await expect(page).toHaveURL(/\/personal-complete-profile$/);
  await page.getByLabel("Street and house number").fill("Neue Gasse 7");
  await page.getByLabel("IBAN").fill("DE89370400440532013000");
  await page.getByLabel("Current password").fill(member.password);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await page.goto("/profile");
  await expect(page.locator("#details")).toContainText("Neue Gasse 7");

  // The page in German: headings, sections and the permission in words.
  await page.getByRole("button", { name: /Deutsch/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mein Konto" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page).toHaveTitle(/^Mein Konto · /);
  await expect(page.getByRole("navigation", { name: "Bereiche meines Kontos" })).toBeVisible();
  await expect(page.locator("#permissions")).toContainText("Empfehlungslinks erstellen");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: /English/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await expect(page).toHaveTitle(/^My account · /);
});
