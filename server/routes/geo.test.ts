import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { call, uniqueIp } from "../testing/auth-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let app: ReturnType<typeof createApp>;
let lookups: Server;
/** The addresses the lookup service was asked about, in order. */
const asked: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The lookup service: answers every address with DE and notes what it was asked.
  lookups = createServer((request, response) => {
    asked.push(decodeURIComponent((request.url ?? "").replace("/lookup/", "")));
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ countryCode: "de" }));
  });
  await new Promise<void>((resolve) => lookups.listen(0, "127.0.0.1", resolve));
  const { port } = lookups.address() as AddressInfo;
  app = createApp({
    ...t.deps,
    config: { ...t.deps.config, geoLookupUrls: [`http://127.0.0.1:${port}/lookup/{ip}`] },
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => lookups.close(() => resolve()));
  await t.close();
});

const country = (ip: string) => call(app, "GET", "/api/geo/country", { ip });

describe("GET /api/geo/country", () => {
  it("asks the lookup service once per address: a second call is answered from the cache", async () => {
    const ip = uniqueIp();

    expect(await country(ip)).toMatchObject({ status: 200, body: { countryCode: "DE" } });
    expect(await country(ip)).toMatchObject({ status: 200, body: { countryCode: "DE" } });

    expect(asked.filter((address) => address === ip)).toEqual([ip]);
  });

  it("answers the 61st call of an hour from one address 429 with Retry-After, other addresses still served", async () => {
    const ip = uniqueIp();
    for (let request = 0; request < 60; request++) {
      expect((await country(ip)).status).toBe(200);
    }

    const refused = await country(ip);

    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(59 * 60);
    expect(await country(uniqueIp())).toMatchObject({ status: 200, body: { countryCode: "DE" } });
  });

  it("answers null without lookups configured", async () => {
    expect(await call(t.app, "GET", "/api/geo/country", { ip: uniqueIp() })).toMatchObject({
      status: 200,
      body: { countryCode: null },
    });
  });
});
