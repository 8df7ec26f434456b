import { baseURL } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { logInWithForm, mailTo, seedUser, uniqueEmail } from "../support";

// The member's own account on My account: the login email changed with a code sent to the new
// address, the referral mails chosen, the data downloaded as a ZIP, and the account deleted (in
// German), each from its section, with axe on every state that matters.

test("a member changes the login email with a code sent to the new address", async ({ page, request }) => {
  const member = await seedUser(request, { status: "active", firstName: "Emil", lastName: "Change" });
  const newEmail = uniqueEmail("renamed");
  await logInWithForm(page, member);
  await page.goto("/profile");
  const panel = page.locator("#account");
  await panel.getByLabel("New email address").fill(newEmail);
  await panel.getByLabel("Current password").fill(member.password);
  await panel.getByRole("button", { name: "Send confirmation code" }).click();
  await expect(panel.getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();
  await expectAccessible(page);

  const codeMail = await mailTo(newEmail, /Confirm your new login email/);
  const code = /\b(\d{6})\b/.exec(codeMail.text)?.[1] ?? "";
  await panel.getByLabel("Confirmation code").fill(code);
  await panel.getByRole("button", { name: "Confirm new email" }).click();
  await expect(page.getByText(`Your login email is now ${newEmail}.`).first()).toBeVisible();
  const notice = await mailTo(member.email, /Your login email was changed/);
  expect(notice.text).toContain("this address no longer belongs to the account");

  // The new address signs in; the old one no longer does.
  const old = await page.context().request.post("/api/auth/login", {
    headers: { Origin: baseURL },
    data: { email: member.email, password: member.password },
  });
  expect(old.status()).toBe(401);
  const renamed = await page.context().request.post("/api/auth/login", {
    headers: { Origin: baseURL },
    data: { email: newEmail, password: member.password },
  });
  expect(renamed.status()).toBe(200);
});

test("a member turns a referral mail off and downloads a copy of their data", async ({ page, request }) => {
  const member = await seedUser(request, { status: "active", firstName: "Nora", lastName: "Notify" });
  await logInWithForm(page, member);
  await page.goto("/profile");

  const notifications = page.locator("#notifications");
  const registrations = notifications.getByLabel("Someone registers through my referral link");
  await expect(registrations).toBeChecked();
  await registrations.uncheck();
  await notifications.getByRole("button", { name: "Save choices" }).click();
  await expect(page.getByText("Your notification choices are saved.")).toBeVisible();
  await page.reload();
  await expect(
    page.locator("#notifications").getByLabel("Someone registers through my referral link"),
  ).not.toBeChecked();

  const privacy = page.locator("#privacy");
  await privacy.getByRole("button", { name: "Download my data" }).click();
  const dialog = page.getByRole("dialog", { name: "Download your data" });
  await dialog.getByLabel("Current password").fill(member.password);
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Start download" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const zip = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of zip) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect(bytes.subarray(0, 2).toString()).toBe("PK");
  expect(bytes.includes(Buffer.from("account.json"))).toBe(true);
  await mailTo(member.email, /A copy of your data was downloaded/);
});

test("a member deletes the account, in German: signed out, the sign-in refused, a confirmation mailed", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, { status: "active", firstName: "Doris", lastName: "Delete" });
  await logInWithForm(page, member);
  await page.context().addCookies([{ name: "app.lang", value: "de", url: baseURL }]);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Mein Konto" })).toBeVisible();

  await page.locator("#privacy").getByRole("button", { name: "Mein Konto löschen" }).click();
  const dialog = page.getByRole("dialog", { name: "Ihr Konto endgültig löschen?" });
  await expect(dialog).toContainText("Das kann nicht rückgängig gemacht werden.");
  await dialog.getByLabel("Aktuelles Passwort").fill(member.password);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Mein Konto löschen" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(/Ihr Konto wurde gelöscht/)).toBeVisible();
  await mailTo(member.email, /Ihr Konto wurde gelöscht|Your account was deleted/);

  const again = await page.context().request.post("/api/auth/login", {
    headers: { Origin: baseURL },
    data: { email: member.email, password: member.password },
  });
  expect(again.status()).toBe(401);
});
