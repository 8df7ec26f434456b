import { baseURL } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { logInWithForm, mailTo, seedUser, signIn } from "../support";
import { onboardPersonalMember } from "./onboard-via-api";

// An approved member changes the IBAN: the profile form asks for the current password, the
// member gets a security notice, and an admin sees the approved and the new bank details side
// by side on the verify page and accepts the change.

test("an approved member's new IBAN needs the password and goes before an admin, who accepts it", async ({
  page,
  request,
  browser,
}) => {
  // Two sessions, an onboarding through the API and four axe runs: close to the default minute
  // on a loaded machine.
  test.slow();
  const member = await seedUser(request, { status: "pending", firstName: "Bea", lastName: "Bank" });
  const memberContext = await browser.newContext();
  await onboardPersonalMember(memberContext.request, member);
  await memberContext.close();

  const admin = await seedUser(request, { role: "admin", firstName: "Ada", lastName: "Admin" });
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  const verified = await adminPage.request.post(`/api/admin/verify-user/${member.id}`, {
    headers: { Origin: baseURL },
    data: { permissions: [] },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  // The member edits the profile: the bank section now asks for the current password.
  await logInWithForm(page, member);
  await page.goto("/personal-complete-profile");
  const password = page.getByLabel("Current password");
  await expect(password).toBeVisible();
  await expect(password).toHaveAttribute("type", "password");
  await expectAccessible(page);
  await page.getByLabel("IBAN").fill("DE89370400440532013000");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(
    page.getByText("Please enter your current password to change your bank details.").first(),
  ).toBeVisible();
  await expectAccessible(page);

  await password.fill(member.password);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  const notice = await mailTo(member.email, /bank details were changed/i);
  expect(notice.text).toContain("The new IBAN ends in 3000.");

  // The admin: old and new side by side, then accept.
  await adminPage.goto("/admin/verify-users");
  const card = adminPage.getByRole("article").filter({ hasText: member.email });
  await expect(card.getByRole("heading", { name: /New bank details/ })).toBeVisible();
  await expect(card.getByTestId("change-previous")).toContainText("AT61 •••• •••• •••• 3201");
  await expect(card.getByTestId("change-proposed")).toContainText("DE89 •••• •••• •••• 3000");
  await expectAccessible(adminPage);
  await card.getByRole("button", { name: /Accept change/ }).click();
  await expect(adminPage.getByText("Change accepted.")).toBeVisible();
  await expect(card).toHaveCount(0);
  await adminPage.reload();
  await expect(adminPage.getByRole("article").filter({ hasText: member.email })).toHaveCount(0);
  await expectAccessible(adminPage);

  await adminContext.close();
});
