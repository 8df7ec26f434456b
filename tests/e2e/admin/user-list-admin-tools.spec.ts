import crypto from "node:crypto";
import fs from "node:fs";
import { baseURL } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { seedUser, signIn } from "../support";

const word = () => `srt${crypto.randomBytes(4).toString("hex")}`;

test("a column header sorts the list; the URL keeps the order and back restores it", async ({
  page,
  request,
}) => {
  const tag = word();
  for (const firstName of ["Cora", "Abel", "Bert"]) await seedUser(request, { firstName, lastName: tag });
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);
  await page.goto(`/admin/user-management?search=${tag}`);
  const names = page.getByRole("row").locator("td:nth-child(2)");
  await expect(names).toHaveCount(3);

  const nameHeader = page.getByRole("columnheader", { name: /^Name or company/ });
  await expect(nameHeader).not.toHaveAttribute("aria-sort");
  await expect(page.getByRole("columnheader", { name: /^Created/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await nameHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  await expect(names).toHaveText([`Abel ${tag}`, `Bert ${tag}`, `Cora ${tag}`]);
  await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
  await expectAccessible(page);

  await nameHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sort=name&dir=desc/);
  await expect(names).toHaveText([`Cora ${tag}`, `Bert ${tag}`, `Abel ${tag}`]);
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");

  await page.goBack();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  await expect(names).toHaveText([`Abel ${tag}`, `Bert ${tag}`, `Cora ${tag}`]);
});

test("Download CSV saves the filtered list", async ({ page, request }) => {
  const tag = word();
  const suspended = await seedUser(request, { lastName: tag, status: "suspended" });
  const active = await seedUser(request, { lastName: tag });
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);
  await page.goto(`/admin/user-management?search=${tag}&status=suspended`);
  await expect(page.getByRole("row").filter({ hasText: suspended.email })).toHaveCount(1);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`users-${new Date().toISOString().slice(0, 10)}.csv`);
  const text = fs.readFileSync((await download.path()) as string, "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^id,email,first_name,last_name/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(suspended.email);
  expect(text).not.toContain(active.email);
});

test("suspending asks first: cancel keeps the account active, confirm suspends", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, { firstName: "Sven", lastName: word() });
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);
  await page.goto(`/admin/user-management?search=${encodeURIComponent(member.email)}`);
  const row = page.getByRole("row").filter({ hasText: member.email });
  await expect(row).toHaveCount(1);

  await row.getByRole("button", { name: "Suspend" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Suspend user" });
  await expect(dialog).toContainText(member.email);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(row).toContainText("Active");

  await row.getByRole("button", { name: "Suspend" }).click();
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText(`${member.email} was suspended.`)).toBeVisible();
  await expect(row).toContainText("Suspended");
});

test("a super admin changes a role after confirming; an admin sees no role control", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, { firstName: "Rolf", lastName: word() });
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);
  await page.goto(`/admin/user-management/profile/${member.id}`);
  await expect(page.getByRole("button", { name: "Send password reset link" })).toBeVisible();
  await expect(page.getByLabel("Role", { exact: true })).toHaveCount(0);

  const superAdmin = await seedUser(request, { role: "super_admin" });
  await page.context().clearCookies();
  await signIn(page, superAdmin);
  await page.goto(`/admin/user-management/profile/${member.id}`);
  await page.getByLabel("Role", { exact: true }).selectOption("admin");
  await page.getByRole("button", { name: "Change role" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Change role" });
  await expect(dialog).toContainText(`Change the role of ${member.email} from User to Admin?`);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByText(`${member.email} is now Admin.`)).toBeVisible();
  const full = await page.request.get(`/api/auth/admin/users/${member.id}/full`);
  expect(((await full.json()) as { user: { role: string } }).user.role).toBe("admin");
});

test("the audit log page filters by action and by email, in the URL", async ({ page, request }) => {
  const member = await seedUser(request, { lastName: word() });
  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);
  for (const action of ["suspend", "reactivate"]) {
    const answer = await page.request.post(`/api/admin/users/${member.id}/${action}`, {
      headers: { Origin: baseURL },
    });
    expect(answer.ok()).toBe(true);
  }
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: "View the full audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();

  await page.getByLabel("User's email").fill(member.email.toUpperCase());
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/email=/);
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("admin.user_reactivated");
  await expect(rows.nth(2)).toContainText("admin.user_suspended");

  await page.getByLabel("Action").selectOption("admin.user_suspended");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=admin\.user_suspended/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(member.email);
  await expect(rows.nth(1)).toContainText(admin.email);
  await expect(page.getByText("1 entry matches the filters")).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByLabel("Action")).toHaveValue("admin.user_suspended");
  await expect(rows).toHaveCount(2);
});

test("German: a refusal the API explains shows its reason in German, in the dialog", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, { firstName: "Sara", lastName: word() });
  const admin = await seedUser(request, { role: "admin" });
  await page.context().addCookies([{ name: "app.lang", value: "de", url: baseURL }]);
  await signIn(page, admin);
  await page.goto(`/admin/user-management?search=${encodeURIComponent(member.email)}`);
  const row = page.getByRole("row").filter({ hasText: member.email });
  await expect(row).toContainText("Aktiv");

  // Another admin suspends the account while this list still shows it active.
  const elsewhere = await page.request.post(`/api/admin/users/${member.id}/suspend`, {
    headers: { Origin: baseURL },
  });
  expect(elsewhere.status()).toBe(200);

  await row.getByRole("button", { name: "Sperren" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Benutzer sperren" });
  await dialog.getByRole("button", { name: "Sperren" }).click();
  await expect(dialog).toContainText("Der Benutzer ist bereits gesperrt.");
  await expect(dialog).not.toContainText("already suspended");
  await expectAccessible(page);
});
