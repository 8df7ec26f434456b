import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { forwardToIdentityProvider } from "./oidc-pass-through";

// A real HTTP server on loopback stands in for the API's identity provider: what crosses the
// web tier on the webshop's sign-in, both ways.

const servers = new Set<Server>();
afterEach(async () => {
  await Promise.all([...servers].map((server) => new Promise((resolve) => server.close(resolve))));
  servers.clear();
});

type Seen = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string };

async function provider(answer: (response: import("node:http").ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      seen.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      answer(response);
    });
  });
  servers.add(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const options = (apiUrl: string) => ({ apiUrl, timeoutMs: 5_000 });

describe("forwardToIdentityProvider", () => {
  it("sends the interaction with the member's session as a Bearer token and only the provider's cookies", async () => {
    const upstream = await provider((response) => {
      response.writeHead(303, {
        location: "/oidc/auth/uid-1",
        "set-cookie": [
          "_interaction_resume=r1; path=/oidc/auth/uid-1; httponly",
          "_session=s1; path=/; httponly",
        ],
      });
      response.end();
    });
    const answer = await forwardToIdentityProvider(
      new Request("http://localhost:3000/oidc/interaction/uid-1", {
        headers: {
          cookie:
            "pp_at=member-access-token; pp_rt=member-refresh; _interaction=i1; _interaction.sig=sig1; other=x",
          authorization: "Bearer forged-by-the-page",
        },
      }),
      options(upstream.url),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/oidc/auth/uid-1");
    expect(answer.headers.getSetCookie()).toEqual([
      "_interaction_resume=r1; path=/oidc/auth/uid-1; httponly",
      "_session=s1; path=/; httponly",
    ]);
    expect(upstream.seen[0]?.headers.authorization).toBe("Bearer member-access-token");
    expect(upstream.seen[0]?.headers.cookie).toBe("_interaction=i1; _interaction.sig=sig1");
    expect(upstream.seen[0]?.headers["x-forwarded-host"]).toBe("localhost:3000");
    expect(upstream.seen[0]?.headers["x-forwarded-proto"]).toBe("http");
  });

  it("passes the shop's own client authentication and form body on the token call, never a session", async () => {
    const upstream = await provider((response) => {
      response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      response.end('{"access_token":"a"}');
    });
    const answer = await forwardToIdentityProvider(
      new Request("http://localhost:3000/oidc/token", {
        method: "POST",
        headers: {
          authorization: "Basic c2hvcDpzZWNyZXQ=",
          "content-type": "application/x-www-form-urlencoded",
          cookie: "pp_at=member-access-token",
        },
        body: "grant_type=authorization_code&code=c1&code_verifier=v1",
      }),
      options(upstream.url),
    );
    expect(await answer.json()).toEqual({ access_token: "a" });
    expect(upstream.seen[0]).toMatchObject({
      method: "POST",
      url: "/oidc/token",
      body: "grant_type=authorization_code&code=c1&code_verifier=v1",
    });
    expect(upstream.seen[0]?.headers.authorization).toBe("Basic c2hvcDpzZWNyZXQ=");
    expect(upstream.seen[0]?.headers.cookie).toBeUndefined();
  });

  it("answers 503 when the API does not answer", async () => {
    const answer = await forwardToIdentityProvider(
      new Request("http://localhost:3000/.well-known/openid-configuration"),
      options("http://127.0.0.1:9"),
    );
    expect(answer.status).toBe(503);
  });
});
