import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { post } from "../testing/auth-api";
import { createTestApp, type TestApp } from "../testing/test-app";
import { decideTestSeedMount, isLoopbackOnlyHost } from "./test-seed";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const token = "public-e2e-seed-token-known-to-all";
let counter = 0;
const seedSuperAdmin = (apiHost: string | undefined) =>
  post(
    createApp({ ...t.deps, config: { ...t.deps.config, testSeedToken: token, apiHost } }),
    "/api/test/users",
    { email: `seeded-${++counter}@example.com`, password: "Seeded-Passw0rd!", role: "super_admin" },
    { headers: { "x-seed-token": token } },
  );

describe("test seeding route with the public test token on a reachable API", () => {
  it.each(["127.0.0.1", "127.0.0.3", "localhost", "::1", "[::1]"])(
    "mounts when the API listens on loopback only (%s)",
    async (apiHost) => {
      expect(decideTestSeedMount(token, apiHost)).toEqual({ mount: true });
      expect((await seedSuperAdmin(apiHost)).status).toBe(201);
    },
  );

  it.each([
    "0.0.0.0",
    "::",
    "[::]",
    "192.168.1.20",
    "10.0.0.5",
    "2001:db8::1",
    "example.com",
    "localhost.example.com",
    "",
    undefined,
  ])("refuses to mount when the API listens on %s, and says why", async (apiHost) => {
    const decision = decideTestSeedMount(token, apiHost);
    expect(decision.mount).toBe(false);
    if (!decision.mount) expect(decision.reason).toMatch(/API_HOST .* not a loopback-only address/);
    const answer = await seedSuperAdmin(apiHost);
    expect(answer.status).toBe(404);
    expect(answer.body.error?.code).toBe("NOT_FOUND");
  });

  it("knows loopback from everything else", () => {
    expect(isLoopbackOnlyHost("127.255.0.1")).toBe(true);
    expect(isLoopbackOnlyHost("::ffff:127.0.0.1")).toBe(true);
    expect(isLoopbackOnlyHost("0:0:0:0:0:0:0:1")).toBe(true);
    expect(isLoopbackOnlyHost("128.0.0.1")).toBe(false);
    expect(isLoopbackOnlyHost("::ffff:10.0.0.1")).toBe(false);
  });

  it("stays unmounted without the token", async () => {
    expect(decideTestSeedMount(undefined, "127.0.0.1").mount).toBe(false);
    const answer = await post(t.app, "/api/test/users", { email: "x@example.com", password: "x" });
    expect(answer.status).toBe(404);
  });
});
