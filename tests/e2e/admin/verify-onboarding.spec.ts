import { baseURL } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { logInWithForm, seedUser, signIn } from "../support";
import { onboardPersonalMember } from "./onboard-via-api";

const tag = () => `v${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("the verify page shows the ID's details and the profile beside the images; the admin approves", async ({
  page,
  request,
  browser,
}) => {
  const member = await seedUser(request, { status: "pending", firstName: "Ida", lastName: `Check${tag()}` });
  const memberContext = await browser.newContext();
  await onboardPersonalMember(memberContext.request, member);
  await memberContext.close();
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);

  // Finished all four steps: in the default queue.
  await page.goto(`/admin/verify-users?search=${encodeURIComponent(member.lastName)}`);
  const row = page.getByRole("row").filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText("Onboarding incomplete");
  await row.getByRole("link", { name: /Verify/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/user-management/verify/${member.id}$`));

  const checks = page.getByRole("region", { name: "What to check" });
  const field = (label: string) =>
    checks.locator("div").filter({ has: page.getByText(label, { exact: true }) });
  await expect(field("ID type")).toContainText("Passport");
  await expect(field("ID number")).toContainText("C01X00T47");
  const expiry = new Date(Date.now() + 2 * 365 * 24 * 3600 * 1000);
  await expect(field("Expiry date")).toContainText(String(expiry.getUTCFullYear()));
  await expect(field("Name")).toContainText(`Ida ${member.lastName}`);
  await expect(field("Date of birth")).toContainText("Mar 4, 1988");
  await expect(field("Nationality")).toContainText("Austrian");
  await expect(field("Address")).toContainText("Ringstraße 1");
  await expect(field("Address")).toContainText("1010 Wien");

  // Beside the images on a wide screen: the two sections share a row.
  const media = page.getByRole("region", { name: "Media and documents" });
  await expect(media.getByRole("button", { name: /View image/ }).first()).toBeVisible();
  const mediaBox = await media.boundingBox();
  const checksBox = await checks.boundingBox();
  if (!mediaBox || !checksBox) throw new Error("sections not laid out");
  expect(Math.abs(mediaBox.y - checksBox.y)).toBeLessThan(2);
  expect(checksBox.x).toBeGreaterThan(mediaBox.x + mediaBox.width - 1);
  await expectAccessible(page);

  const verify = page.getByRole("button", { name: "Verify user" });
  await expect(verify).toBeEnabled();
  await verify.click();
  await expect(page.getByText("User verified.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/verify-users$/, { timeout: 5_000 });
});

test("a member with a step missing is marked incomplete behind the toggle and cannot be approved", async ({
  page,
  request,
  browser,
}) => {
  const member = await seedUser(request, { status: "pending", firstName: "Nina", lastName: `Open${tag()}` });
  const memberContext = await browser.newContext();
  await onboardPersonalMember(memberContext.request, member, { contract: false });
  await memberContext.close();
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);

  await page.goto(`/admin/verify-users?search=${encodeURIComponent(member.lastName)}`);
  await expect(page.getByText("No users are waiting for verification.")).toBeVisible();
  const toggle = page.getByRole("checkbox", { name: "Also show members still onboarding" });
  await toggle.check();
  await expect(page).toHaveURL(/onboarding=all/);
  const row = page.getByRole("row").filter({ hasText: member.email });
  await expect(row).toContainText("Onboarding incomplete. Missing: Contract");
  await expectAccessible(page);
  // The toggle lives in the address: a reload keeps it.
  await page.reload();
  await expect(toggle).toBeChecked();

  await row.getByRole("link", { name: /Verify/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/user-management/verify/${member.id}$`));
  const verify = page.getByRole("button", { name: "Verify user" });
  await expect(verify).toBeDisabled();
  const reason = "This user cannot be verified yet: onboarding is not finished. Missing: Contract.";
  await expect(page.getByText(reason)).toBeVisible();
  await expect(verify).toHaveAccessibleDescription(reason);
  await expectAccessible(page);

  // The API refuses as well, naming the step.
  const refused = await page.request.post(`/api/admin/verify-user/${member.id}`, {
    headers: { Origin: baseURL },
    data: { permissions: [] },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error).toMatchObject({
    code: "ONBOARDING_INCOMPLETE",
    details: { missing: ["contract_signed"] },
  });
});

test("German: the verify page and the queue in the page's language", async ({ page, request, browser }) => {
  const member = await seedUser(request, { status: "pending", firstName: "Jana", lastName: `Offen${tag()}` });
  const memberContext = await browser.newContext();
  await onboardPersonalMember(memberContext.request, member, { contract: false });
  await memberContext.close();
  const admin = await seedUser(request, { role: "admin" });
  await page.context().addCookies([{ name: "app.lang", value: "de", url: baseURL }]);
  await signIn(page, admin);

  await page.goto(`/admin/verify-users?onboarding=all&search=${encodeURIComponent(member.lastName)}`);
  await expect(page.getByRole("checkbox", { name: "Auch Mitglieder im Onboarding anzeigen" })).toBeChecked();
  await expect(page.getByRole("row").filter({ hasText: member.email })).toContainText(
    "Onboarding unvollständig. Es fehlt: Vertrag",
  );

  await page.goto(`/admin/user-management/verify/${member.id}`);
  const checks = page.getByRole("region", { name: "Zu prüfen" });
  await expect(checks).toContainText("Reisepass");
  await expect(checks).toContainText("04.03.1988");
  await expect(page.getByRole("button", { name: "Benutzer verifizieren" })).toBeDisabled();
  await expect(page.getByText(/Das Onboarding ist nicht abgeschlossen\. Es fehlt: Vertrag\./)).toBeVisible();
  await expectAccessible(page);
});

test("a redirect's ?notice= shows its toast once and leaves the address", async ({ page, request }) => {
  const member = await seedUser(request, { status: "pending" });
  await logInWithForm(page, member);
  await page.goto("/dashboard?notice=sign-blocked");
  const toast = page.getByText(
    "Please complete email verification, ID upload, and profile completion before signing the contract.",
  );
  await expect(toast).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(toast).toHaveCount(0);
  // A name not on the list shows nothing and is removed all the same.
  await page.goto("/dashboard?notice=%3Cb%3Ehello%3C%2Fb%3E");
  await expect(page).toHaveURL(/\/dashboard$/);
  // (Published news on the dashboard may say "Hello": only a toast would be this name's doing.)
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "hello" })).toHaveCount(0);
});

test("logout clears every key the app stored for the session", async ({ page, request }) => {
  const member = await seedUser(request, { status: "pending" });
  await logInWithForm(page, member);
  await page.evaluate(() => {
    window.sessionStorage.setItem("geoCountryCode", "AT");
    window.localStorage.setItem("profileDraft.personal.someone", '{"city":"Graz"}');
    window.localStorage.setItem("verifyEmail.resendAt.someone@example.com", String(Date.now() + 60_000));
  });
  expect(await page.evaluate(() => window.sessionStorage.getItem("role"))).toBe("user");
  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => ({
    session: Object.keys(window.sessionStorage),
    local: Object.keys(window.localStorage),
  }));
  expect(stored.session).toEqual([]);
  expect(
    stored.local.filter((key) => key.startsWith("profileDraft.") || key.startsWith("verifyEmail.")),
  ).toEqual([]);
});
