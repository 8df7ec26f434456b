import { baseURL, e2e } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { seedUser, signIn } from "../support";

// The tier whose dashboard and root layout fail for a marker (render-faults.mjs); it shares the
// API, and the session cookies of localhost, with the main tier.
const faulty = `http://localhost:${e2e.webWithRenderFaultsPort}`;

test.describe("error pages", () => {
  test("a server component that throws shows the error page, in English and in German", async ({
    page,
    context,
    request,
  }) => {
    const member = await seedUser(request, { firstName: "NameFault", lastName: "Muster" });
    await signIn(page, member);

    await page.goto(`${faulty}/dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText(/^Error reference: \S+$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    // Inside the root layout: the language switcher is there, the page's own header is not.
    await expect(page.getByRole("button", { name: "Deutsch" })).toBeVisible();
    await expectAccessible(page);

    // Trying again asks the server again; the fault is still there, so is the error page.
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();

    await context.addCookies([{ name: "app.lang", value: "de", url: faulty }]);
    await page.goto(`${faulty}/dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Etwas ist schiefgelaufen" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("button", { name: "Erneut versuchen" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Zum Dashboard" })).toBeVisible();
  });

  test("an error in the root layout shows the whole-document error page in the cookie's language", async ({
    browser,
  }) => {
    const context = await browser.newContext({ userAgent: "Mozilla/5.0 LayoutFault" });
    const page = await context.newPage();
    await page.goto(`${faulty}/login`);
    await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
    await expect(page).toHaveTitle("Error · Partner Platform");
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    // The product's stylesheet is loaded here too: the card is white on the page.
    const background = await page
      .locator("section[aria-labelledby='error-title']")
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).toBe("rgb(255, 255, 255)");
    await expectAccessible(page);

    await context.addCookies([{ name: "app.lang", value: "de", url: faulty }]);
    await page.goto(`${faulty}/login`);
    await expect(page.getByRole("heading", { level: 1, name: "Etwas ist schiefgelaufen" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page).toHaveTitle("Fehler · Partner-Plattform");
    await expectAccessible(page);
    await context.close();
  });
});

test("icons answer with images, never with the 404 page", async ({ page, request }) => {
  for (const [path, type] of [
    ["/favicon.ico", /^image\/(x-icon|vnd\.microsoft\.icon)/],
    ["/icon.svg", /^image\/svg\+xml/],
    ["/apple-touch-icon.png", /^image\/png/],
    ["/apple-touch-icon-precomposed.png", /^image\/png/],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toMatch(type);
  }
  await page.goto("/login");
  await expect(page.locator('head link[rel="icon"][href^="/favicon.ico"]')).toHaveCount(1);
  await expect(page.locator('head link[rel="apple-touch-icon"][href^="/apple-touch-icon.png"]')).toHaveCount(
    1,
  );
});

test("every page has its own title with the product's name", async ({ page, request }) => {
  const titles = new Map<string, string>();
  const visit = async (path: string) => {
    await page.goto(path);
    const landed = new URL(page.url()).pathname;
    const title = await page.title();
    expect(title, landed).toMatch(/^\S.* · Partner Platform$/);
    titles.set(landed, title);
  };

  for (const path of ["/login", "/register", "/password-reset"]) await visit(path);
  const member = await seedUser(request, { status: "pending" });
  await signIn(page, member);
  for (const path of [
    "/dashboard",
    "/personal/profile",
    "/personal-verify-email",
    "/personal-id-upload",
    "/personal-complete-profile",
  ]) {
    await visit(path);
  }
  // Leave the member's last page first: its own load of the profile, still under way, would
  // otherwise meet the cleared cookies, fail its refresh and clear the admin's new ones with it.
  await page.goto("about:blank");
  await page.context().clearCookies();
  const admin = await seedUser(request, { role: "super_admin" });
  await signIn(page, admin);
  for (const path of [
    "/admin/dashboard",
    "/admin/user-management",
    "/admin/permission-management",
    "/admin/verify-users",
    "/admin/contract-dashboard",
    "/admin/contract-templates",
    `/admin/user-management/view/${member.id}`,
    `/admin/user-management/profile/${member.id}`,
    `/admin/user-management/verify/${member.id}`,
  ]) {
    await visit(path);
  }
  expect(titles.size).toBeGreaterThanOrEqual(12);
  // Distinct pages, distinct titles.
  expect(new Set(titles.values()).size, JSON.stringify(Object.fromEntries(titles), null, 1)).toBe(
    titles.size,
  );
});

test.describe("observability", () => {
  test("a request id travels from the web tier through the BFF to the API and back", async ({ request }) => {
    const page = await request.get("/login");
    expect(page.headers()["x-request-id"]).toMatch(/^[A-Za-z0-9._-]{8,128}$/);

    // The API answers with the id it was given; the BFF passes that answer on.
    const traced = await request.get("/api/health", { headers: { "x-request-id": "e2e-trace-0001" } });
    expect(traced.status()).toBe(200);
    expect(traced.headers()["x-request-id"]).toBe("e2e-trace-0001");

    const unsafe = await request.get("/api/health", { headers: { "x-request-id": "not safe <id>" } });
    expect(unsafe.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("liveness and readiness of both tiers", async ({ request }) => {
    for (const path of ["/healthz/live", "/api/health/live"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(await response.json(), path).toMatchObject({ status: "ok" });
    }
    const apiReady = await request.get("/api/health/ready");
    expect(apiReady.status()).toBe(200);
    expect(await apiReady.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", storage: "ok" },
    });
    const webReady = await request.get("/healthz/ready");
    expect(webReady.status()).toBe(200);
    expect(await webReady.json()).toEqual({ status: "ready", api: "ready" });

    // The tier whose API never answers is alive but not ready.
    const other = `http://127.0.0.1:${e2e.webWithoutApiPort}`;
    expect((await request.get(`${other}/healthz/live`)).status()).toBe(200);
    const started = Date.now();
    const notReady = await request.get(`${other}/healthz/ready`);
    expect(notReady.status()).toBe(503);
    expect(await notReady.json()).toEqual({ status: "not_ready", api: "unavailable" });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  test("the admin log view shows both tiers' lines with method, route, status and duration in columns", async ({
    page,
    request,
  }) => {
    const admin = await seedUser(request, { role: "super_admin" });
    await signIn(page, admin);
    await page.goto("/admin/dashboard");
    const logs = page.getByRole("region", { name: "Recent logs table" });
    // Shown once the first load is done; that load's own line is in the buffer after it answered.
    await expect(logs).toBeVisible();
    await page.getByRole("button", { name: "Refresh status" }).click();
    for (const header of ["Time", "Tier", "Level", "Method", "Route", "HTTP status", "Duration", "Message"]) {
      await expect(logs.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    // The API's line of the refresh (the web tier's own is written once its answer is sent).
    const row = logs.getByRole("row").filter({ hasText: "/api/admin/server-status" }).first();
    await expect(row.getByRole("cell").nth(1)).toHaveText("API");
    await expect(row.getByRole("cell").nth(3)).toHaveText("GET");
    await expect(row.getByRole("cell").nth(4)).toHaveText("/api/admin/server-status");
    await expect(row.getByRole("cell").nth(5)).toHaveText("200");
    await expect(row.getByRole("cell").nth(6)).toHaveText(/^\d+ ms$/);
    await expect(row.getByRole("cell").nth(7)).toHaveText("request");
    // The web tier's line of the page itself.
    const pageLine = logs
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "/admin/dashboard", exact: true }) })
      .first();
    await expect(pageLine.getByRole("cell").nth(1)).toHaveText("Web");
    await expect(pageLine.getByRole("cell").nth(3)).toHaveText("GET");
    await expect(
      page.getByText(/These are the logs of the API instance that answered this request/),
    ).toBeVisible();
  });
});

test("every page's footer links the privacy policy and the imprint, in both languages and on a phone", async ({
  page,
  request,
}) => {
  const footerLinks = async (privacy: string, imprint: string) => {
    const legal = page.getByRole("contentinfo").getByRole("navigation");
    await expect(legal.getByRole("link", { name: privacy })).toHaveAttribute(
      "href",
      "https://partners.example.com/privacy",
    );
    await expect(legal.getByRole("link", { name: imprint })).toHaveAttribute(
      "href",
      "https://partners.example.com/imprint",
    );
  };
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/login");
  await footerLinks("Privacy policy", "Imprint");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  const member = await seedUser(request, {});
  await page.context().addCookies([{ name: "app.lang", value: "de", url: baseURL }]);
  await signIn(page, member);
  await page.goto("/dashboard");
  await footerLinks("Datenschutzerklärung", "Impressum");
  await expectAccessible(page);
});
