import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, loginOk, post, type TestUser } from "../server/testing/auth-api";
import { createTestApp, type TestApp } from "../server/testing/test-app";
import { handleBffRequest } from "./bff-session";

// The BFF in front of the real API for an account with two-factor sign-in on: the first step
// gives the page a challenge and no cookie, the second sets the session cookies exactly as a
// login does, and no token ever reaches the page.

const PUBLIC_URL = "http://localhost:3000";

let api: TestApp;
let user: TestUser;
let secret: string;

const codeAt = (step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: step * 30_000,
  });

beforeAll(async () => {
  api = await createTestApp();
  user = await createUser(api.deps.database.db);
  const { accessToken } = await loginOk(api.app, user.email, user.password);
  const setup = await post(api.app, "/api/auth/totp/setup", undefined, { token: accessToken });
  secret = String((setup.body as { secret?: string }).secret);
  // The step before the current one is spent here, so the test's sign-in can use the current
  // one; near a step's end the server may already count the next, for which the step before
  // this one is out of its window: wait for the next step then.
  if (30_000 - (Date.now() % 30_000) < 8_000) await new Promise((resolve) => setTimeout(resolve, 8_000));
  const step = Math.floor(Date.now() / 30_000);
  const enabled = await post(
    api.app,
    "/api/auth/totp/enable",
    { currentPassword: user.password, code: codeAt(step - 1) },
    { token: accessToken },
  );
  expect(enabled.status).toBe(200);
});
afterAll(async () => {
  await api?.close();
});

function throughBff(path: string, body: unknown) {
  return handleBffRequest(
    new Request(`${PUBLIC_URL}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: PUBLIC_URL, "x-forwarded-for": "203.0.113.90" },
      body: JSON.stringify(body),
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

describe("two-factor sign-in through the BFF", () => {
  it("the password answers with a challenge and no cookie; the code sets the session cookies", async () => {
    const first = await throughBff("/api/auth/login", { email: user.email, password: user.password });
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie()).toEqual([]);
    const answer = (await first.json()) as { mfaRequired?: boolean; challenge?: string };
    expect(answer.mfaRequired).toBe(true);
    expect(answer.challenge).toBeTruthy();

    const wrong = await throughBff("/api/auth/login/totp", { challenge: answer.challenge, code: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.getSetCookie()).toEqual([]);

    const second = await throughBff("/api/auth/login/totp", {
      challenge: answer.challenge,
      code: codeAt(Math.floor(Date.now() / 30_000)),
    });
    const text = await second.text();
    expect(second.status, text).toBe(200);
    expect(text).not.toMatch(/accessToken"|refreshToken|eyJ/);
    expect(JSON.parse(text).user.email).toBe(user.email);
    expect(second.headers.getSetCookie().map((cookie) => cookie.split("=")[0])).toEqual([
      "pp_at",
      "pp_rt",
      "pp_device",
    ]);
  });

  it.each(["/api/auth/login/%74otp", "/api/auth/login//totp", "/api/Auth/login/totp"])(
    "%s (another spelling of the second step) is refused and hands out no token",
    async (variant) => {
      const first = await throughBff("/api/auth/login", { email: user.email, password: user.password });
      const { challenge } = (await first.json()) as { challenge?: string };
      const response = await throughBff(variant, {
        challenge,
        code: codeAt(Math.floor(Date.now() / 30_000) + 1),
      });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toMatch(/accessToken|refreshToken|eyJ/);
      expect(response.headers.getSetCookie()).toEqual([]);
    },
  );

  it("refuses the second step from another site (login CSRF)", async () => {
    const response = await handleBffRequest(
      new Request(`${PUBLIC_URL}/api/auth/login/totp`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://evil.example" },
        body: JSON.stringify({ challenge: "x.y", code: "123456" }),
      }),
      { apiUrl: "http://api.internal", publicUrl: PUBLIC_URL, timeoutMs: 5_000 },
    );
    expect(response.status).toBe(403);
  });
});
