import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INITIAL_ADMIN_FILE } from "./infra/bootstrap-secrets";
import { type ApiProcess, startApiProcess } from "./testing/api-process";

// The real start-up (server/main.ts) on the embedded database: what only it does.

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});
function dataDir() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "main-test-"));
  folders.push(folder);
  return folder;
}

const seedToken = "public-e2e-seed-token-known-to-all";
const seed = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/test/users`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-seed-token": seedToken },
    body: JSON.stringify({ email: "intruder@example.com", password: "Intruder-1!", role: "super_admin" }),
  });

describe("first start of an API on loopback with the public test token", () => {
  let api: ApiProcess;
  let folder: string;
  beforeAll(async () => {
    folder = dataDir();
    api = await startApiProcess({ DATA_DIR: folder, API_HOST: "127.0.0.1", E2E_SEED_TOKEN: seedToken });
  }, 90_000);
  afterAll(() => api?.stop());

  it("keeps the generated admin password and first invite link out of the log, in a 0600 file", () => {
    const file = path.join(folder, "secrets", INITIAL_ADMIN_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, "utf8");
    const password = /Password \(shown once; change it\): (\S+)/.exec(text)?.[1] ?? "";
    const link = /First invite link[^:]*: (\S+)/.exec(text)?.[1] ?? "";
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(link).toMatch(/^http:\/\/localhost:3000\/.+/);
    const refToken = new URL(link).searchParams.get("ref") ?? "";
    expect(refToken.length).toBeGreaterThanOrEqual(16);

    const { stdout, stderr } = api.output();
    for (const secret of [password, link, refToken]) {
      expect(stdout).not.toContain(secret);
      // Not a terminal here (a pipe, as under a log collector): only where to find them.
      expect(stderr).not.toContain(secret);
    }
    expect(stderr).toContain(file);
  });

  it("mounts the test seeding route and says so in the start-up log", async () => {
    expect(api.output().stdout).toContain("test seeding routes mounted (API on loopback only)");
    expect((await seed(api.port)).status).toBe(201);
  });
});

describe("test seeding route with the public test token on an API listening on every address", () => {
  it("is refused, and the start-up log says why", async () => {
    const api = await startApiProcess({
      DATA_DIR: dataDir(),
      API_HOST: "0.0.0.0",
      E2E_SEED_TOKEN: seedToken,
      ADMIN_PASSWORD: "Admin-Passw0rd!",
    });
    try {
      const { stdout } = api.output();
      expect(stdout).toContain("test seeding routes are NOT mounted");
      expect(stdout).toContain('API_HOST \\"0.0.0.0\\" is not a loopback-only address');
      expect((await seed(api.port)).status).toBe(404);
    } finally {
      await api.stop();
    }
  }, 90_000);
});
