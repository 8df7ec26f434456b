import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { baseURL } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { seedUser, signIn } from "../support";

// The two admin dashboards come with their data in the first server render: nothing is fetched
// by the browser to fill them, so nothing moves after the first paint and no browser call can be
// in flight when the session ends. Runs on the shared database: the stamp may or may not exist.

/** The page's HTML as the server sends it (no JavaScript runs), with the page's cookies. */
async function serverHtml(page: Page, path: string) {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return response.text();
}

/** The page as a browser without JavaScript shows it: only what the server rendered. */
async function withoutJavaScript(browser: Browser, page: Page, path: string) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto(new URL(path, baseURL).toString());
  return { plain, close: () => context.close() };
}

/** The summed layout shifts since navigation that no input caused (the CLS of the load). */
async function layoutShiftAfterLoad(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}

test("the admin dashboard's stats, server status and audit log are in the server's HTML, with no layout shift", async ({
  page,
  browser,
}) => {
  const admin = await seedUser(page.request, { role: "super_admin" });
  await signIn(page, admin);
  const stats = (await (await page.request.get("/api/admin/user-stats")).json()) as { totalUsers: number };

  const html = await serverHtml(page, "/admin/dashboard");
  // Stats: the tiles with their numbers, not a loading line.
  expect(html).toContain("Awaiting verification");
  expect(html).toMatch(new RegExp(`>${stats.totalUsers}<`));
  // Server status: the state, the outbox and the log table.
  expect(html).toMatch(/>Online<|>Degraded</);
  expect(html).toContain("Mails that could not be sent");
  expect(html).toContain("Recent logs");
  // Audit log: the admin's own sign-in.
  expect(html).toContain("auth.login");
  expect(html).toContain(admin.email);

  // The same, seen: without JavaScript the cards show their data, and no card is still loading.
  // (The HTML alone cannot show that: the page's messages travel in it for the client.)
  const { plain, close } = await withoutJavaScript(browser, page, "/admin/dashboard");
  await expect(plain.getByText("Awaiting verification")).toBeVisible();
  await expect(plain.getByText(`${stats.totalUsers}`, { exact: true }).first()).toBeVisible();
  await expect(plain.getByText(/Loading|Failed to load/)).toHaveCount(0);
  await expect(plain.getByRole("region", { name: "Recent logs table" })).toBeVisible();
  const audit = plain.getByRole("region", { name: "Audit log table" });
  await expect(audit.getByRole("row").filter({ hasText: "auth.login" }).first()).toBeVisible();
  await close();

  expect(await layoutShiftAfterLoad(page, "/admin/dashboard")).toBeLessThan(0.02);
  await expectAccessible(page);

  // Refreshing the status keeps focus on its button, before and after the answer.
  const refresh = page.getByRole("button", { name: "Refresh status" });
  await refresh.click();
  await expect(refresh).toBeFocused();
  await expect(page.getByRole("region", { name: "Server status and logs" })).toHaveAttribute(
    "aria-busy",
    "false",
  );
  await expect(refresh).toBeFocused();
});

test("the contract dashboard's templates and stamp state are in the server's HTML, with no layout shift", async ({
  page,
  browser,
}) => {
  const admin = await seedUser(page.request, { role: "admin" });
  await signIn(page, admin);
  // A template of this test's own, inactive at once so no member is offered it.
  const name = `E2E Erstrender ${crypto.randomBytes(4).toString("hex")}`;
  const created = await page.request.post("/api/document-templates", {
    headers: { Origin: baseURL },
    multipart: { name, type: "Partnervertrag", lang: "en", audience: "both", html: "<p>Hello {{name}}</p>" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const inactive = await page.request.patch(`/api/document-templates/${id}/state`, {
    headers: { Origin: baseURL },
    data: { state: "inactive" },
  });
  expect(inactive.ok()).toBe(true);
  const { stamps } = (await (await page.request.get("/api/company-stamps/mine")).json()) as {
    stamps: { id: number }[];
  };

  const html = await serverHtml(page, "/admin/contract-dashboard");
  expect(html).toContain(name);
  if (stamps.length > 0) {
    expect(html).toContain("Another upload is not allowed.");
    expect(html).toContain(`Stamp ID ${stamps[0]?.id}`);
  } else {
    expect(html).toContain("No active stamp.");
    expect(html).toContain("No stamps saved.");
  }
  const { plain, close } = await withoutJavaScript(browser, page, "/admin/contract-dashboard");
  await expect(plain.getByRole("rowheader", { name })).toBeVisible();
  await expect(plain.getByText(/Loading|Failed to load/)).toHaveCount(0);
  await expect(
    plain.getByRole("region", { name: "Company stamp" }).getByRole("heading", { name: "Saved stamps" }),
  ).toBeVisible();
  await close();
  expect(await serverHtml(page, "/admin/contract-templates")).toContain(name);

  expect(await layoutShiftAfterLoad(page, "/admin/contract-dashboard")).toBeLessThan(0.02);
  await expectAccessible(page);
  expect(await layoutShiftAfterLoad(page, "/admin/contract-templates")).toBeLessThan(0.02);
});
