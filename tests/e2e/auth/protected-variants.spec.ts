import { expect, test } from "../fixtures";
import { logInWithForm, seedUser } from "../support";

// Requests that try to skip the proxy, or ask for the RSC payload instead of
// the page, reach nothing protected.
test("x-middleware-subrequest and RSC variants of a protected page reach nothing", async ({ request }) => {
  const admin = await seedUser(request, { role: "admin", firstName: "Hidden", lastName: "Admin" });
  const attempts: Array<{ path: string; headers: Record<string, string> }> = [
    { path: "/dashboard", headers: { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" } },
    {
      path: "/dashboard",
      headers: { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" },
    },
    { path: "/dashboard?_rsc=abc123", headers: { RSC: "1", "Next-Router-Prefetch": "1" } },
    { path: "/dashboard.rsc", headers: {} },
    { path: "/dashboard", headers: { RSC: "1" } },
  ];
  for (const attempt of attempts) {
    const response = await request.get(attempt.path, { headers: attempt.headers, maxRedirects: 0 });
    const body = await response.text();
    expect(body, `${attempt.path} ${JSON.stringify(attempt.headers)}`).not.toContain("Welcome,");
    expect(body).not.toContain(admin.email);
    expect([307, 308, 404]).toContain(response.status());
  }
  // The API refuses without a token, whatever the headers say.
  const api = await request.get("/api/auth/me", {
    headers: { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" },
  });
  expect(api.status()).toBe(401);
});

test("session cookies are httpOnly, SameSite and host-only", async ({ page, request, context }) => {
  const user = await seedUser(request);
  await logInWithForm(page, user);
  const session = (await context.cookies()).filter(
    (cookie) => cookie.name === "pp_at" || cookie.name === "pp_rt",
  );
  expect(session).toHaveLength(2);
  for (const cookie of session) {
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.path).toBe("/");
    expect(cookie.domain).toBe("localhost");
  }
});

test("a cross-site form POST to refresh or logout does nothing", async ({ page, request, context }) => {
  const user = await seedUser(request);
  await logInWithForm(page, user);
  const before = (await context.cookies()).find((cookie) => cookie.name === "pp_rt")?.value;

  for (const path of ["/api/auth/refresh", "/api/auth/logout"]) {
    const response = await page.request.post(path, { headers: { Origin: "https://attacker.example" } });
    expect(response.status()).toBe(403);
  }
  expect((await context.cookies()).find((cookie) => cookie.name === "pp_rt")?.value).toBe(before);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
});
