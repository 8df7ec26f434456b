import type { APIRequestContext, Page } from "@playwright/test";
import { baseURL } from "../e2e-env";
import { expect } from "../fixtures";
import { seedUser, signIn } from "../support";

/** A referrer of the test's own and a link of theirs, created through the BFF as the page would. */
export async function referralLink(
  page: Page,
  request: APIRequestContext,
  options: { maxUses?: number } = {},
) {
  const referrer = await seedUser(request, { role: "admin", firstName: "Rosa", lastName: "Referrer" });
  await signIn(page, referrer);
  const response = await page.request.post("/api/referral/create", {
    headers: { Origin: baseURL },
    data: { expiresInDays: 3, maxUses: options.maxUses ?? 10 },
  });
  expect(response.status()).toBe(201);
  const link = (await response.json()) as { link: string; token: string };
  await page.request.post("/api/auth/logout", { headers: { Origin: baseURL } });
  await page.context().clearCookies();
  return { referrer, ...link };
}
