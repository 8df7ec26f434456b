import { onboardPersonalMember } from "../admin/onboard-via-api";
import { expect, expectAccessible, test } from "../fixtures";
import { DEFAULT_PASSWORD, seedUser, signIn, uniqueEmail } from "../support";
import { referralLink } from "./referral-support";

const tag = () => `f${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("the funnel counts a visit, a registration and an approval", async ({ page, request, browser }) => {
  test.slow();
  const { link, referrer } = await referralLink(page, request, { maxUses: 5 });

  // A visitor opens the link and registers.
  await page.goto(link);
  await expect(page.getByText("You were invited by Rosa Referrer.")).toBeVisible();
  const lastName = `Funnel${tag()}`;
  const email = uniqueEmail("funnel");
  const form = page.getByRole("tabpanel", { name: "Personal" });
  await form.getByLabel("First name").fill("Fiona");
  await form.getByLabel("Last name").fill(lastName);
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Confirm email").fill(email);
  await form.getByLabel("Phone number", { exact: true }).fill("+49 151 23456789");
  await form.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await form.getByLabel("Confirm password").fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  // The new member finishes onboarding; an admin approves them on the verify page.
  const memberContext = await browser.newContext();
  await onboardPersonalMember(memberContext.request, { email, password: DEFAULT_PASSWORD });
  await memberContext.close();
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);
  await page.goto(`/admin/verify-users?search=${encodeURIComponent(lastName)}`);
  await page
    .getByRole("row")
    .filter({ hasText: email })
    .getByRole("link", { name: /Verify/ })
    .click();
  await page.getByRole("button", { name: "Verify user" }).click();
  await expect(page.getByText("User verified.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/verify-users$/, { timeout: 5_000 });

  // The admin sees who invited the new member, and from there whom the referrer invited.
  const found = await page.request.get(`/api/admin/user-list?search=${encodeURIComponent(lastName)}`);
  const memberId = ((await found.json()) as { users: { id: string }[] }).users[0]?.id ?? "";
  await page.goto(`/admin/user-management/view/${memberId}`);
  const referrals = page.getByRole("region", { name: "Referrals" });
  await expect(referrals).toContainText("Invited by");
  await expect(referrals).toContainText("through a link without a label");
  await referrals.getByRole("link", { name: "Rosa Referrer" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/user-management/view/${referrer.id}$`));
  const invited = page.getByRole("list", { name: "Members this user invited" });
  await expect(invited.getByRole("link", { name: `Fiona ${lastName}` })).toBeVisible();
  await expect(invited).toContainText("approved");
  await expect(invited).not.toContainText("not approved yet");
  await expectAccessible(page);

  // The admin dashboard's top referrers include the referrer, with one approved member.
  await page.goto("/admin/dashboard");
  const top = page.getByRole("region", { name: "Top referrers table" });
  const topRow = top.getByRole("row").filter({ has: page.locator(`a[href$="/view/${referrer.id}"]`) });
  await expect(topRow).toHaveCount(1);
  await expect(topRow.getByRole("cell").nth(2)).toHaveText("1");
  await expectAccessible(page);

  // The referrer's funnel: one visitor, one registration, one finished onboarding, one approval.
  await page.context().clearCookies();
  await signIn(page, referrer);
  await page.goto("/referral-management");
  const steps = ["Opened: 1", "Registered: 1", "Finished onboarding: 1", "Approved: 1"];
  const overall = page.getByRole("list", { name: "Funnel of all your links" });
  await expect(overall.getByRole("listitem")).toHaveText(steps.map((step) => new RegExp(step)));
  const row = page.getByRole("row").filter({ hasText: "1/5" });
  await expect(row.getByRole("cell").nth(5)).toHaveText("1");
  await row.getByRole("button", { name: "Registrations (1)" }).click();
  const ofLink = page.getByRole("list", { name: "Funnel of this link" });
  await expect(ofLink.getByRole("listitem")).toHaveText(steps.map((step) => new RegExp(step)));
  await expect(ofLink).toContainText("100% of the step before");
  await expectAccessible(page);

  // German.
  await page.getByRole("button", { name: /Deutsch/ }).click();
  const german = page.getByRole("list", { name: "Trichter aller Ihrer Links" });
  await expect(german.getByRole("listitem")).toHaveText([
    /Geöffnet: 1/,
    /Registriert: 1/,
    /Onboarding abgeschlossen: 1/,
    /Freigegeben: 1/,
  ]);
  await expect(page.getByRole("columnheader", { name: "Besucher" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: /English/ }).click();
  await expect(overall).toBeVisible();
  // The tab's title arrives with the refreshed page's metadata, a moment after its content; the
  // checks below and the after-each axe check need the finished English page.
  await expect(page).toHaveTitle(/^Referral Management · /);

  // Mobile width: the funnel fits, the table scrolls in its own region, the page does not.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(overall).toBeVisible();
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(390);
  const chart = await overall.boundingBox();
  expect(chart && chart.x + chart.width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});
