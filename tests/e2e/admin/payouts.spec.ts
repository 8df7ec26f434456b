import crypto from "node:crypto";
import { readFile } from "node:fs/promises";
import { apiURL, e2e } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { mailTo, seedUser, signIn } from "../support";

const IBAN = "DE02120300000000202051";
const HOLDER = "Paula Partner";

// Payouts end to end: a super admin sets the plan and makes a shop key, the shop reports an order
// of someone a member invited, the hold ends, and the super admin pays the commission in a
// payout run on /admin/partner-programme (at 390 px): prepared, its SEPA file downloaded, marked
// as executed. The member sees it paid on their earnings page and gets the payout mail. Other
// tests may leave approved commissions of other members in the database, so only this member's
// transfer is looked at, never the whole run's totals.
test("a super admin pays a member's commission in a payout run, and the member sees it paid", async ({
  page,
  browser,
  playwright,
}) => {
  test.slow();
  const baseURL = test.info().project.use.baseURL ?? "";
  const origin = { Origin: baseURL };
  const admin = await seedUser(page.request, { role: "super_admin" });
  await signIn(page, admin);
  const plan = await page.request.put("/api/admin/commission-plan", {
    headers: origin,
    data: { personalPercent: 10, companyPercent: 10, minimumOrderCents: 0 },
  });
  expect(plan.status()).toBe(200);
  const created = await page.request.post("/api/admin/shop-keys", {
    headers: origin,
    data: { name: `E2E payouts ${crypto.randomBytes(3).toString("hex")}` },
  });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };

  const partner = await seedUser(page.request, { approved: true, iban: IBAN, accountHolderName: HOLDER });
  const buyer = await seedUser(page.request, { referredBy: partner.id });
  // The shop's server: no cookies, no Origin, its key as the Authorization.
  const shop = await playwright.request.newContext({ baseURL });
  const reported = await shop.post("/api/partner/orders", {
    headers: { authorization: `Bearer ${key}` },
    data: {
      orderId: `e2e-${crypto.randomUUID()}`,
      buyerSub: buyer.id,
      amountCents: 60_000,
      currency: "EUR",
      placedAt: new Date().toISOString(),
      status: "paid",
    },
  });
  expect(reported.status()).toBe(200);
  await shop.dispose();
  const holds = await page.request.post(`${apiURL}/api/test/commissions/end-holds`, {
    headers: { "x-seed-token": e2e.seedToken },
  });
  expect(holds.status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/partner-programme");
  const section = page.getByRole("region", { name: "Payout runs" });
  await expect(section).toBeVisible();
  const prepare = section.getByRole("button", { name: "Prepare payout run" });
  await expectAccessible(page);

  // A refusal is said plainly in the section (here answered in place of the API).
  await page.route("**/api/admin/payouts", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 409,
          json: { error: { code: "NOTHING_TO_PAY", message: "No member is owed the payout minimum" } },
        })
      : route.fallback(),
  );
  await prepare.click();
  await expect(section.getByRole("alert")).toHaveText(
    "No payout run was prepared. No member is owed the payout minimum.",
  );
  await expectAccessible(page);
  await page.unroute("**/api/admin/payouts");

  // Prepared: the new run comes first, its transfers shown and its heading focused.
  const runs = section.getByRole("list", { name: "Payout runs" });
  const newest = runs.getByRole("listitem").first();
  const partnerRow = (run: typeof newest) =>
    run
      .getByTestId("payout-transfers")
      .getByRole("row")
      .filter({ has: page.locator(`a[href="/admin/user-management/view/${partner.id}"]`) });
  await prepare.click();
  await expect(page.getByText(/^(Payout run prepared: |No payout run was prepared\.)/)).toBeVisible();
  await expect(
    section.getByRole("alert"),
    "a run is prepared only with the platform's account set: PAYOUT_DEBTOR_NAME, _IBAN and _BIC of the API",
  ).toHaveCount(0);
  await expect(newest).toContainText("Prepared");
  await expect(newest.getByRole("heading", { level: 3 })).toBeFocused();
  await expect(newest.getByRole("button", { name: "Hide transfers" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(partnerRow(newest)).toHaveCount(1);
  await expect(partnerRow(newest)).toContainText(HOLDER);
  await expect(partnerRow(newest)).toContainText("…2051");
  await expect(partnerRow(newest)).toContainText("€60.00");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  // Cancelling asks first, with the safe choice focused; Escape gives the focus back.
  const cancelRun = newest.getByRole("button", { name: "Cancel run" });
  await cancelRun.click();
  const cancelDialog = page.getByRole("alertdialog", { name: "Cancel the payout run?" });
  await expect(cancelDialog).toContainText("Nothing will be paid");
  await expect(cancelDialog.getByRole("button", { name: "Keep the run" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(cancelDialog).toHaveCount(0);
  await expect(cancelRun).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(cancelDialog.getByRole("button", { name: "Keep the run" })).toBeFocused();
  await expectAccessible(page);
  await cancelDialog.getByRole("button", { name: "Cancel run" }).click();
  await expect(cancelDialog).toHaveCount(0);
  await expect(page.getByText("Payout run cancelled.")).toBeVisible();
  await expect(newest).toContainText("Cancelled on");
  await expect(newest.getByRole("button", { name: "Download SEPA file" })).toHaveCount(0);
  await expect(newest.getByRole("heading", { level: 3 })).toBeFocused();

  // The cancelled run paid nothing: the commission goes into the next run.
  await prepare.click();
  await expect(newest).toContainText("Prepared");
  await expect(newest).toContainText("Not paid yet.");
  await expect(partnerRow(newest)).toContainText("€60.00");
  await expect(runs.getByRole("listitem").nth(1)).toContainText("Cancelled");

  // The SEPA file, as the bank gets it: the member's transfer to their IBAN, in euros.
  const downloading = page.waitForEvent("download");
  await newest.getByRole("button", { name: "Download SEPA file" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^PAYOUT-[\w-]+\.xml$/);
  const xml = await readFile(await download.path(), "utf8");
  expect(xml).toContain(IBAN);
  const transfers = xml.split("<CdtTrfTxInf>").slice(1);
  const ours = transfers.filter(
    (transfer) => transfer.includes(IBAN) && transfer.includes(`<Nm>${HOLDER}</Nm>`),
  );
  expect(ours).toHaveLength(1);
  expect(ours[0]).toContain('<InstdAmt Ccy="EUR">60.00</InstdAmt>');
  await expectAccessible(page);

  // Executing says plainly what it does and when to do it.
  await newest.getByRole("button", { name: "Mark as executed" }).click();
  const executeDialog = page.getByRole("alertdialog", { name: "Mark the payout run as executed?" });
  await expect(executeDialog).toContainText("only after your bank has executed the SEPA file");
  await expect(executeDialog).toContainText("recorded as paid");
  await expect(executeDialog).toContainText("every member in the run will be emailed");
  await expect(executeDialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(page);
  await executeDialog.getByRole("button", { name: "Mark as executed" }).click();
  await expect(executeDialog).toHaveCount(0);
  await expect(page.getByText(/^Payout run marked as executed\./)).toBeVisible();
  await expect(newest).toContainText("Executed on");
  await expect(newest.getByRole("button", { name: "Mark as executed" })).toHaveCount(0);
  await expect(newest.getByRole("button", { name: "Cancel run" })).toHaveCount(0);
  await expect(newest.getByRole("heading", { level: 3 })).toBeFocused();
  await expect(partnerRow(newest)).toContainText("€60.00");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  // The member, in a browser of their own, sees the commission paid out and the payout received.
  const memberContext = await browser.newContext({ baseURL, locale: "en-US" });
  const member = await memberContext.newPage();
  await signIn(member, partner);
  await member.goto("/earnings");
  await expect(member.getByRole("heading", { level: 1, name: "Earnings" })).toBeVisible();
  await expect(member.getByTestId("earnings-paid")).toHaveText("€60.00");
  await expect(member.getByTestId("earnings-approved")).toHaveText("€0.00");
  await expect(member.getByTestId("earnings-table").getByRole("row").nth(1)).toContainText("Paid out");
  await expect(member.getByRole("heading", { level: 2, name: "Payouts received" })).toBeVisible();
  const received = member.getByTestId("earnings-payouts").getByRole("row");
  await expect(received).toHaveCount(2);
  await expect(received.nth(1)).toContainText("€60.00");
  await expectAccessible(member);
  await memberContext.close();

  const mail = await mailTo(partner.email, /Your commission payout/);
  expect(mail.subject).toContain("€60.00");
  expect(mail.text).toContain("2051");
});
