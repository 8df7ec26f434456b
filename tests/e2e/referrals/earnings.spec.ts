import crypto from "node:crypto";
import { expect, expectAccessible, test } from "../fixtures";
import { seedUser, signIn, signInRequest } from "../support";

// The partner programme end to end: a super admin makes a shop key and sets the plan through the
// BFF, the shop reports an order through the web origin with that key, and the inviter sees the
// commission on their earnings page, reached from the dashboard.
test("a member sees the commission on an order of someone they invited, in English and German", async ({
  page,
  playwright,
}) => {
  test.slow();
  const admin = await seedUser(page.request, { role: "super_admin" });
  const adminRequest = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signInRequest(adminRequest, admin);
  const origin = { Origin: test.info().project.use.baseURL ?? "" };
  const created = await adminRequest.post("/api/admin/shop-keys", {
    headers: origin,
    data: { name: "E2E shop" },
  });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  const plan = await adminRequest.put("/api/admin/commission-plan", {
    headers: origin,
    data: { personalPercent: 10, companyPercent: 10, minimumOrderCents: 0 },
  });
  expect(plan.status()).toBe(200);
  await adminRequest.dispose();

  const partner = await seedUser(page.request, { approved: true });
  const buyer = await seedUser(page.request, { referredBy: partner.id });
  await signIn(page, partner);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Open my earnings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Earnings" })).toBeVisible();
  await expect(page.getByText("No commissions yet.")).toBeVisible();
  await expectAccessible(page);

  // The shop's server: no cookies, no Origin, its key as the Authorization.
  const shop = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const order = {
    orderId: `e2e-${crypto.randomUUID()}`,
    buyerSub: buyer.id,
    amountCents: 12_345,
    currency: "EUR",
    placedAt: "2026-11-30T12:00:00Z",
    status: "paid",
  };
  const reported = await shop.post("/api/partner/orders", {
    headers: { authorization: `Bearer ${key}` },
    data: order,
  });
  expect(reported.status()).toBe(200);
  await shop.dispose();

  await page.reload();
  const row = page.getByTestId("earnings-table").getByRole("row").nth(1);
  await expect(row).toContainText("€123.45");
  await expect(row).toContainText("€12.35");
  await expect(row).toContainText("Held");
  await expect(page.getByTestId("earnings-pending")).toHaveText("€12.35");
  await expect(page.getByTestId("earnings-approved")).toHaveText("€0.00");
  await expect(page.getByText(buyer.email)).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("button", { name: /Deutsch/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Provisionen" })).toBeVisible();
  await expect(page.getByTestId("earnings-pending")).toHaveText(/12,35\s€/);
  await expectAccessible(page);
});
