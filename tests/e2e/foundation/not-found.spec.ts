import { e2e } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";

test("an unknown path shows the 404 screen whose button goes to the login", async ({ page }) => {
  const response = await page.goto("/some/unknown/path");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Go back to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the language choice survives a reload, in the cookie and under app.lang", async ({ page, context }) => {
  await page.goto("/missing-page");
  await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Zurück zum Login" })).toBeVisible();
  const cookie = (await context.cookies()).find((entry) => entry.name === "app.lang");
  expect(cookie?.value).toBe("de");
  expect(await page.evaluate(() => window.localStorage.getItem("app.lang"))).toBe("de");

  // Back to English, which also persists.
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
});

test("the language is restored from app.lang when the cookie is gone", async ({ page, context }) => {
  await page.goto("/missing-page");
  // The switcher writes the cookie once the page is hydrated; clearing cookies before that would
  // let this first page write "en" back after the clear (seen on a loaded machine).
  await expect
    .poll(async () => (await context.cookies()).some((cookie) => cookie.name === "app.lang"))
    .toBe(true);
  await page.evaluate(() => window.localStorage.setItem("app.lang", "de"));
  await context.clearCookies();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" })).toBeVisible();
});

test.describe("background", () => {
  test("is animated on a desktop", async ({ page }) => {
    await page.goto("/missing-page");
    const background = page.getByTestId("app-background");
    await expect(background).toHaveAttribute("data-variant", "animated");
    expect(await page.locator(".app-background__shape").count()).toBeGreaterThan(0);
    const animation = await page
      .locator(".app-background__shape")
      .first()
      .evaluate((element) => getComputedStyle(element).animationName);
    expect(animation).not.toBe("none");
  });

  test("is a plain gradient for a mobile user agent, already in the server's HTML", async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    });
    const page = await context.newPage();
    const response = await page.goto("/missing-page");
    const html = (await response?.text()) ?? "";
    expect(html).toContain('data-variant="plain"');
    expect(html).not.toContain("app-background__shape");
    await expect(page.getByTestId("app-background")).toHaveAttribute("data-variant", "plain");
    expect(await page.locator(".app-background__shape").count()).toBe(0);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await context.close();
  });

  test("does not move when the visitor prefers reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/missing-page");
    const animations = await page
      .locator(".app-background__shape, .app-background__line")
      .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).animationName));
    expect(animations.length).toBeGreaterThan(0);
    expect(new Set(animations)).toEqual(new Set(["none"]));
    await context.close();
  });

  test("causes no layout shift", async ({ page }) => {
    await page.goto("/missing-page");
    await page.waitForTimeout(1500);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as Array<{
              value: number;
              hadRecentInput: boolean;
            }>) {
              if (!entry.hadRecentInput) total += entry.value;
            }
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shift).toBeLessThan(0.01);
  });
});

test.describe("security headers", () => {
  const expectSecurityHeaders = (headers: Record<string, string>) => {
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
  };

  test("are on a page (the 404) with a fresh nonce that the page's scripts carry", async ({
    page,
    request,
  }) => {
    const response = await page.goto("/missing-page");
    const headers = response?.headers() ?? {};
    expectSecurityHeaders(headers);
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
    const scriptNonces = await page
      .locator("script[src]")
      .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce));
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));

    const again = await request.get("/missing-page");
    expect(again.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
  });

  test("are on a BFF answer", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: "ok" });
    expectSecurityHeaders(response.headers());
  });

  test("are on the API's own 404 through the BFF", async ({ request }) => {
    const response = await request.get("/api/no-such-call");
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "Resource not found." } });
    expectSecurityHeaders(response.headers());
  });
});

test.describe("BFF", () => {
  test("refuses a cross-origin POST with 403 and lets a same-origin one through", async ({
    request,
    baseURL,
  }) => {
    const foreign = await request.post("/api/health", { headers: { Origin: "https://attacker.example" } });
    expect(foreign.status()).toBe(403);
    expect((await foreign.json()).error.code).toBe("FORBIDDEN_ORIGIN");

    const missing = await request.post("/api/health");
    expect(missing.status()).toBe(403);

    // Same origin reaches the API, which has no POST /api/health.
    const own = await request.post("/api/health", { headers: { Origin: baseURL ?? "" } });
    expect(own.status()).toBe(404);
  });

  test("answers 503 quickly when the API is down", async ({ request }) => {
    const started = Date.now();
    const response = await request.get(`http://127.0.0.1:${e2e.webWithoutApiPort}/api/health`);
    expect(response.status()).toBe(503);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await response.json()).error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(response.headers()["retry-after"]).toBe("5");
  });
});
