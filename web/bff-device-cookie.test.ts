import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../server/db/schema";
import { createUser, type TestUser } from "../server/testing/auth-api";
import { createTestApp, type TestApp } from "../server/testing/test-app";
import { handleBffRequest } from "./bff-session";

// The device cookie through the BFF in front of the real API: a sign-in sets it, the next
// sign-in from the same browser sends it back and is known; a browser without it is new,
// however its User-Agent reads. The page never sees the token.

const PUBLIC_URL = "http://localhost:3000";
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

let api: TestApp;
let user: TestUser;

beforeAll(async () => {
  api = await createTestApp();
  user = await createUser(api.deps.database.db);
});
afterAll(async () => {
  await api?.close();
});

function signIn(cookie?: string) {
  return handleBffRequest(
    new Request(`${PUBLIC_URL}/api/auth/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: PUBLIC_URL,
        "user-agent": USER_AGENT,
        "x-forwarded-for": "203.0.113.91",
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ email: user.email, password: user.password }),
    }),
    {
      apiUrl: "http://api.internal",
      publicUrl: PUBLIC_URL,
      timeoutMs: 5_000,
      fetchImpl: ((input: RequestInfo | URL, init?: RequestInit) =>
        api.app.request(new Request(input, init))) as typeof fetch,
    },
  );
}

const notices = () =>
  api.deps.database.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.kind, "new_browser_sign_in")));

describe("the device cookie", () => {
  it("is set at sign-in (httpOnly, a year), sent back by the same browser, and never shown to the page", async () => {
    const first = await signIn();
    const text = await first.text();
    expect(first.status, text).toBe(200);
    expect(text).not.toContain("deviceToken");
    const device = first.headers.getSetCookie().find((cookie) => cookie.startsWith("pp_device="));
    expect(device).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=31536000/);
    const value = device?.split(";")[0] ?? "";

    expect((await signIn(value)).status).toBe(200);
    expect(await notices()).toHaveLength(0);

    // The same User-Agent from a browser without the cookie: a new browser, and the owner is told.
    expect((await signIn()).status).toBe(200);
    expect(await notices()).toHaveLength(1);
  });
});
