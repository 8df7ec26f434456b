import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { loginOk } from "../testing/auth-api";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

// The webshop's sign-in end to end: a real relying party (panva's openid-client) against the API
// served over HTTP, the browser's part played by fetch with a cookie jar. The web tier's part,
// forwarding the interaction with the member's session as a Bearer token, is played here too.

const shop = {
  clientId: "members-shop",
  clientSecret: "shop-secret-with-enough-entropy-0123456789",
  redirectUris: ["https://shop.example.com/callback"],
};
const [redirectUri] = shop.redirectUris as [string];

let t: TestApp;
let server: ServerType;
let issuer: string;
let config: oidc.Configuration;

beforeAll(async () => {
  // The issuer is the address the server listens on, known only once it listens.
  let app: TestApp["app"] | undefined;
  server = await new Promise<ServerType>((resolve) => {
    const started = serve(
      {
        fetch: (request, env) => (app as TestApp["app"]).fetch(request, env),
        port: 0,
        hostname: "127.0.0.1",
      },
      () => resolve(started),
    );
  });
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ publicUrl: issuer, webshopOidc: shop });
  app = t.app;
  config = await oidc.discovery(new URL(issuer), shop.clientId, shop.clientSecret, undefined, {
    execute: [oidc.allowInsecureRequests],
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** A browser's cookies for the provider's host: what Set-Cookie gave, sent back on every request. */
class Browser {
  private cookies = new Map<string, string>();
  constructor(private readonly accessToken?: string) {}

  async get(url: string, withSession = false): Promise<Response> {
    const response = await fetch(url, {
      redirect: "manual",
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(withSession && this.accessToken ? { authorization: `Bearer ${this.accessToken}` } : {}),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name) this.cookies.set(name.trim(), value.join("="));
    }
    return response;
  }
}

const absolute = (location: string | null) => new URL(location ?? "", issuer).toString();

/** Starts the shop's sign-in: the authorization URL with PKCE, as the shop builds it. */
async function authorizationRequest(overrides: Record<string, string> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile member",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    ...overrides,
  });
  return { url, verifier, state };
}

type Member = { id: string; email: string; password: string };

async function member(options: { approved?: boolean; language?: "en" | "de" } = {}): Promise<Member> {
  const created = await createMember(db(), { firstName: "Mia", lastName: "Member" });
  await db()
    .update(users)
    .set({
      adminVerifiedAt: options.approved === false ? null : new Date(),
      emailVerifiedAt: new Date(),
      language: options.language ?? "en",
    })
    .where(eq(users.id, created.id));
  return created;
}
const db = () => t.deps.database.db;

/** The browser's way from the authorization URL to the interaction; returns the interaction's URL. */
async function toInteraction(browser: Browser, url: URL) {
  const authorize = await browser.get(url.toString());
  expect(authorize.status).toBe(303);
  const interaction = absolute(authorize.headers.get("location"));
  expect(new URL(interaction).pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
  return interaction;
}

describe("webshop sign-in (OpenID Connect, authorization code with PKCE)", () => {
  it("publishes discovery and keys under the issuer", () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(issuer);
    expect(metadata.authorization_endpoint).toBe(`${issuer}/oidc/auth`);
    expect(metadata.token_endpoint).toBe(`${issuer}/oidc/token`);
    expect(metadata.jwks_uri).toBe(`${issuer}/oidc/jwks`);
    expect(metadata.code_challenge_methods_supported).toContain("S256");
    expect(metadata.claims_supported).toEqual(expect.arrayContaining(["sub", "email", "member_status"]));
  });

  it("gives an approved member's shop a code, and the shop their claims", async () => {
    const mia = await member({ language: "de" });
    const { accessToken } = await loginOk(t.app, mia.email, mia.password);
    const browser = new Browser(accessToken);
    const { url, verifier, state } = await authorizationRequest();
    const interaction = await toInteraction(browser, url);

    const finished = await browser.get(interaction, true);
    expect(finished.status).toBe(303);
    const resumed = await browser.get(absolute(finished.headers.get("location")));
    expect(resumed.status).toBe(303);
    const callback = new URL(resumed.headers.get("location") ?? "");
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get("code")).toBeTruthy();

    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()?.sub).toBe(mia.id);
    const info = await oidc.fetchUserInfo(config, tokens.access_token, mia.id);
    expect(info).toMatchObject({
      sub: mia.id,
      email: mia.email,
      email_verified: true,
      name: "Mia Member",
      locale: "de",
      member_status: "approved",
    });

    // The code is spent: a second exchange is refused.
    await expect(
      oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state }),
    ).rejects.toThrow();
  });

  it("sends a member without a session to the platform's login, which returns to the interaction", async () => {
    const browser = new Browser();
    const { url } = await authorizationRequest();
    const interaction = await toInteraction(browser, url);
    const answer = await browser.get(interaction, true);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(
      `/login?next=${encodeURIComponent(new URL(interaction).pathname)}`,
    );
  });

  it("answers 410 to an interaction the browser has no sign-in for (another browser's, or expired)", async () => {
    const interaction = await toInteraction(new Browser(), (await authorizationRequest()).url);
    const answer = await new Browser().get(interaction);
    expect(answer.status).toBe(410);
    expect(await answer.json()).toEqual({
      error: {
        code: "GONE",
        message: "This sign-in has expired. Please start it again from the shop.",
        reason: "shopSignInExpired",
      },
    });
  });

  it("gives a member awaiting approval, or suspended, no code and the page saying why", async () => {
    const waiting = await member({ approved: false });
    const { accessToken } = await loginOk(t.app, waiting.email, waiting.password);
    const browser = new Browser(accessToken);
    const interaction = await toInteraction(browser, (await authorizationRequest()).url);
    const refused = await browser.get(interaction, true);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/webshop-access?reason=awaiting_approval");

    const suspended = await member();
    const session = await loginOk(t.app, suspended.email, suspended.password);
    await db().update(users).set({ status: "suspended" }).where(eq(users.id, suspended.id));
    const other = new Browser(session.accessToken);
    const otherInteraction = await toInteraction(other, (await authorizationRequest()).url);
    const answer = await other.get(otherInteraction, true);
    expect(answer.headers.get("location")).toBe("/webshop-access?reason=suspended");
  });

  it("requires PKCE and refuses a redirect address the shop did not register", async () => {
    const noPkce = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: "openid",
      state: oidc.randomState(),
    });
    const withoutChallenge = await fetch(noPkce, { redirect: "manual" });
    // An error the provider may send back to the registered redirect address.
    expect(withoutChallenge.status).toBe(303);
    expect(new URL(withoutChallenge.headers.get("location") ?? "").searchParams.get("error")).toBe(
      "invalid_request",
    );

    const { url } = await authorizationRequest({ redirect_uri: "https://evil.example.com/callback" });
    const wrongRedirect = await fetch(url, { redirect: "manual" });
    // Never redirected to an unregistered address: an error answer of the provider's own.
    expect(wrongRedirect.status).toBe(400);
    expect(wrongRedirect.headers.get("location")).toBeNull();
    expect(((await wrongRedirect.json()) as { error: { code: string } }).error.code).toBe(
      "invalid_redirect_uri",
    );
  });

  it("refuses a code exchange without the right verifier or client secret", async () => {
    const mia = await member();
    const { accessToken } = await loginOk(t.app, mia.email, mia.password);
    const browser = new Browser(accessToken);
    const { url, state } = await authorizationRequest();
    const interaction = await toInteraction(browser, url);
    const finished = await browser.get(interaction, true);
    const resumed = await browser.get(absolute(finished.headers.get("location")));
    const callback = new URL(resumed.headers.get("location") ?? "");
    await expect(
      oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: "invalid_grant" });

    const wrongSecret = await oidc.discovery(new URL(issuer), shop.clientId, "not-the-secret", undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    await expect(
      oidc.authorizationCodeGrant(wrongSecret, callback, {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: "invalid_client" });
  });
});
