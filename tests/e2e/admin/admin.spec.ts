import type { Browser } from "@playwright/test";
import { expect, expectAccessible, test } from "../fixtures";
import { logInWithForm, seedUser, signIn } from "../support";
import { onboardPersonalMember } from "./onboard-via-api";

async function memberPage(browser: Browser, member: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInWithForm(page, member);
  return { page, context };
}

test("an admin verifies an onboarded member, then grants referrals through the permission modal", async ({
  page,
  request,
  browser,
}) => {
  const member = await seedUser(request, { status: "pending", firstName: "Vera", lastName: "Verify" });
  const memberContext = await browser.newContext();
  await onboardPersonalMember(memberContext.request, member);
  await memberContext.close();

  const admin = await seedUser(request, { role: "admin", firstName: "Ada", lastName: "Admin" });
  await signIn(page, admin);
  await page.goto("/admin/verify-users");
  await expect(page.getByRole("heading", { level: 1, name: "Verify users" })).toBeVisible();
  await expectAccessible(page);
  const row = page.getByRole("row").filter({ hasText: member.email });
  await row
    .getByRole("link", { name: /Verify/ })
    .or(row.getByRole("button", { name: /Verify/ }))
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/user-management/verify/${member.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Verify user" }).click();
  await expect(page.getByText("User verified.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/verify-users$/, { timeout: 5_000 });

  // The member: active, no pending notice, and no Referrals link yet.
  const memberView = await memberPage(browser, member);
  await expect(memberView.page.getByText("Awaiting admin approval")).toHaveCount(0);
  await expect(memberView.page.getByRole("heading", { name: "Your account is active" })).toBeVisible();
  await expect(memberView.page.getByRole("link", { name: "Referrals" })).toHaveCount(0);

  // Permissions edited in the modal: the member gains the Referrals link.
  await page.goto(`/admin/user-management/profile/${member.id}`);
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "user management" })).toBeVisible();
  await expect(breadcrumb).toContainText(member.email);
  await page.getByRole("button", { name: "Edit permissions" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit permissions" });
  await dialog.getByRole("checkbox", { name: /can_create_referrals/ }).check();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Save permissions" }).click();
  await expect(page.getByText("Permissions saved successfully.")).toBeVisible();

  await memberView.page.reload();
  await expect(memberView.page.getByRole("link", { name: "Referrals" })).toBeVisible();
  await memberView.context.close();
});

test("rejecting the documents opens the ID step again for the member", async ({ page, request, browser }) => {
  const member = await seedUser(request, { status: "pending", firstName: "Rudi", lastName: "Redo" });
  const memberContext = await browser.newContext();
  await onboardPersonalMember(memberContext.request, member);
  await memberContext.close();

  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);
  await page.goto(`/admin/user-management/verify/${member.id}`);
  await page.getByLabel("Step to redo").selectOption({ label: "ID documents" });
  await page.getByLabel("Reason").fill("The photo of the back side is blurred.");
  await page.getByRole("button", { name: "Send back to this step" }).click();
  await expect(page).toHaveURL(/\/admin\/verify-users$/, { timeout: 5_000 });

  const memberView = await memberPage(browser, member);
  await expect(memberView.page.locator('[data-step="documents_uploaded"]')).toHaveAttribute(
    "data-done",
    "false",
  );
  await expect(memberView.page.locator('[data-step="email_verified"]')).toHaveAttribute("data-done", "true");
  await expect(memberView.page.getByRole("link", { name: "Upload your ID" })).toBeVisible();
  await memberView.context.close();
});

test("an admin suspends and then deletes a user", async ({ page, request, browser }) => {
  const member = await seedUser(request, { firstName: "Sina", lastName: "Suspend" });
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);
  await page.goto("/admin/user-management");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByLabel("Search", { exact: true }).fill(member.email.toUpperCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  await expectAccessible(page);

  await row.getByRole("button", { name: "Suspend" }).click();
  await page
    .getByRole("alertdialog", { name: "Suspend user" })
    .getByRole("button", { name: "Suspend" })
    .click();
  await expect(page.getByText(`${member.email} was suspended.`)).toBeVisible();
  const attempt = await browser.newContext();
  const attemptPage = await attempt.newPage();
  await attemptPage.goto("/login");
  await attemptPage.getByLabel("Email").fill(member.email);
  await attemptPage.getByLabel("Password", { exact: true }).fill(member.password);
  await attemptPage.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(attemptPage.locator("#login-error")).toHaveText(
    "Your account is suspended. Please contact support.",
  );
  await attempt.close();

  await row.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete user" });
  await expect(dialog).toContainText("permanent");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(`${member.email} was deleted.`)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: member.email })).toHaveCount(0);
  const gone = await request.get(`/api/referral/info/unknown`);
  expect(gone.status()).toBe(404);
});

test("the media viewer zooms in steps of 0.2 and pans", async ({ page, request, browser }) => {
  const member = await seedUser(request, { status: "pending", firstName: "Mona", lastName: "Media" });
  const memberContext = await browser.newContext();
  await onboardPersonalMember(memberContext.request, member);
  await memberContext.close();

  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);
  await page.goto(`/admin/user-management/view/${member.id}`);
  await page
    .getByRole("button", { name: /View image/ })
    .first()
    .click();
  const viewer = page.getByRole("dialog", { name: /Media viewer/ });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText("Zoom 100%")).toBeVisible();
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await expect(viewer.getByText("Zoom 140%")).toBeVisible();
  await expectAccessible(page);

  const image = viewer.getByRole("img").first();
  const before = await image.evaluate((element) => getComputedStyle(element).transform);
  const box = await image.boundingBox();
  if (!box) throw new Error("no image box");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 30, { steps: 5 });
  await page.mouse.up();
  const after = await image.evaluate((element) => getComputedStyle(element).transform);
  expect(after).not.toBe(before);

  await viewer.getByRole("button", { name: "Reset" }).click();
  await expect(viewer.getByText("Zoom 100%")).toBeVisible();
  // Moving to the back side resets the zoom too.
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await viewer.getByRole("button", { name: "Next" }).click();
  await expect(viewer.getByText("Zoom 100%")).toBeVisible();
});

test("a plain user gets nothing from the admin area", async ({ page, request }) => {
  const user = await seedUser(request);
  await signIn(page, user);
  const list = await page.request.get("/api/admin/user-list");
  expect(list.status()).toBe(403);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the admin dashboard shows stats, server status and logs", async ({ page, request }) => {
  const admin = await seedUser(request, { role: "super_admin" });
  await signIn(page, admin);
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /Verify Users/i })).toBeVisible();
  await expect(page.getByText(/online/i).first()).toBeVisible();
  // Mail is written to files here and never fails, so the outbox card says so.
  await expect(page.getByRole("heading", { name: "Mails that could not be sent" })).toBeVisible();
  await expect(page.getByText("No mail is failing.")).toBeVisible();
  // The overall audit log shows the admin's own login among the recent events.
  const audit = page.getByRole("region", { name: "Audit log table" });
  await expect(audit.getByRole("row").filter({ hasText: "auth.login" }).first()).toBeVisible();
  await expectAccessible(page);
  await page.goto("/admin/permission-management");
  await expect(page.getByRole("rowheader", { name: "can_create_referrals" })).toBeVisible();
  await expectAccessible(page);
});
