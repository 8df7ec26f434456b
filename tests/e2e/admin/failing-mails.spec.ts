import crypto from "node:crypto";
import { apiURL, e2e } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { mailTo, seedUser, signIn } from "../support";

test("an admin sees a mail that failed every attempt on the server status and sends it again", async ({
  page,
  request,
}) => {
  // A domain of its own, so the masked recipient (first letter and domain) names this mail only.
  const domain = `mail-${crypto.randomBytes(4).toString("hex")}.example.com`;
  const to = `failing@${domain}`;
  const seeded = await request.post(`${apiURL}/api/test/failed-mail`, {
    headers: { "x-seed-token": e2e.seedToken },
    data: { to, subject: "Reset your password", text: "A mail the server refused." },
  });
  expect(seeded.status()).toBe(201);

  const admin = await seedUser(request, { role: "admin" });
  await signIn(page, admin);
  await page.goto("/admin/dashboard");
  const masked = `f•••@${domain}`;
  const table = page.getByRole("region", { name: "Mails that could not be sent" });
  const row = table.getByRole("row").filter({ hasText: masked });
  await expect(row).toContainText("Reset your password");
  await expect(row).toContainText("Failed");
  await expect(row).toContainText("ECONNREFUSED");
  await expect(row).toContainText("10");
  await expectAccessible(page);

  await row.getByRole("button", { name: `Retry the mail to ${masked}` }).click();
  await expect(page.getByText(`The mail to ${masked} is queued again.`)).toBeVisible();
  const mail = await mailTo(to, /^Reset your password$/);
  expect(mail.text).toBe("A mail the server refused.");
  // Sent: the list, reloaded after the retry, no longer shows it.
  await page.getByRole("button", { name: "Refresh status" }).click();
  await expect(table.getByRole("row").filter({ hasText: masked })).toHaveCount(0);
});
