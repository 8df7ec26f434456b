import crypto from "node:crypto";
import { createServer, type Server } from "node:http";
import * as oidc from "openid-client";
import { baseURL, e2e } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { DEFAULT_PASSWORD, seedUser, signIn } from "../support";

// The members' webshop as the sign-in's relying party: a small shop started here on its own
// origin, with panva's openid-client, as a real shop would use it. Its /login starts the
// authorization code flow with PKCE against the platform (the issuer is the web origin); its
// /callback redeems the code and shows who signed in, with the member_status claim.

const shopOrigin = `http://127.0.0.1:${e2e.shop.port}`;
let shop: Server;

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

test.beforeAll(async () => {
  const config = await oidc.discovery(new URL(baseURL), e2e.shop.clientId, e2e.shop.clientSecret, undefined, {
    execute: [oidc.allowInsecureRequests],
  });
  const pending = new Map<string, string>();
  shop = createServer((request, response) => {
    const url = new URL(request.url ?? "/", shopOrigin);
    const send = (status: number, html: string) => {
      response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      response.end(html);
    };
    void (async () => {
      if (url.pathname === "/login") {
        const verifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        pending.set(state, verifier);
        const target = oidc.buildAuthorizationUrl(config, {
          redirect_uri: `${shopOrigin}/callback`,
          scope: "openid email profile member",
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: "S256",
          state,
        });
        response.writeHead(302, { location: target.toString() });
        response.end();
        return;
      }
      if (url.pathname === "/callback") {
        const state = url.searchParams.get("state") ?? "";
        const tokens = await oidc.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: pending.get(state) ?? "",
          expectedState: state,
        });
        const sub = tokens.claims()?.sub ?? "";
        const info = await oidc.fetchUserInfo(config, tokens.access_token, sub);
        send(
          200,
          page(
            "Members' shop",
            `<p data-testid="signed-in">Signed in as ${String(info.email)}</p><p data-testid="status">${String(info.member_status)}</p>`,
          ),
        );
        return;
      }
      send(404, page("Not found", ""));
    })().catch((error: unknown) => send(500, page("Sign-in failed", `<p>${String(error)}</p>`)));
  });
  await new Promise<void>((resolve) => shop.listen(e2e.shop.port, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => shop.close(resolve));
});

test("an approved member opens the shop from the dashboard and arrives signed in", async ({
  page,
  context,
}) => {
  test.slow();
  const member = await seedUser(page.request, { approved: true });
  await signIn(page, member);
  await page.goto("/dashboard");
  const [shopPage] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: /Visit the webshop/ }).click(),
  ]);
  await expect(shopPage.getByTestId("signed-in")).toHaveText(`Signed in as ${member.email}`);
  await expect(shopPage.getByTestId("status")).toHaveText("approved");
  await expectAccessible(shopPage);
  await shopPage.close();
});

test("a member without a session signs in on the platform and goes on to the shop", async ({ page }) => {
  test.slow();
  const member = await seedUser(page.request, {
    approved: true,
    email: `shopper-${crypto.randomBytes(4).toString("hex")}@e2e.example.com`,
  });
  await page.goto(`${shopOrigin}/login`);
  await expect(page).toHaveURL(/\/login\?next=%2Foidc%2Finteraction%2F/);
  await expectAccessible(page);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByTestId("signed-in")).toHaveText(`Signed in as ${member.email}`);
});

test("a member awaiting approval gets no sign-in and the page says why, in English and German", async ({
  page,
}) => {
  const member = await seedUser(page.request);
  await signIn(page, member);
  await page.goto(`${shopOrigin}/login`);
  await expect(page).toHaveURL(/\/webshop-access\?reason=awaiting_approval$/);
  await expect(page.getByTestId("webshop-access-reason")).toContainText(
    "once our team has approved your account",
  );
  await expectAccessible(page);
  await page.getByRole("button", { name: /Deutsch/ }).click();
  await expect(page.getByTestId("webshop-access-reason")).toContainText(
    "sobald unser Team Ihr Konto freigegeben hat",
  );
});
