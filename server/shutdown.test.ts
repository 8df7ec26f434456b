import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { type ApiProcess, startApiProcess } from "./testing/api-process";

// The real process (server/main.ts) on SIGTERM: what a rolling restart or `docker stop` does.

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const root = path.resolve(import.meta.dirname, "..");
const webBuilt = fs.existsSync(path.join(root, ".next", "BUILD_ID"));
const seedToken = "shutdown-test-seed-token-0123456789";
const BOUNDARY = "----shutdown-test-boundary";

async function multipartIdUpload(): Promise<Buffer> {
  const image = (format: "jpeg" | "png") =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 90, b: 160 } } })
      [format]()
      .toBuffer();
  const fields = {
    idType: "passport",
    idNumber: "C01X00T47",
    expiryDate: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10),
  };
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const [name, type, data] of [
    ["front", "image/jpeg", await image("jpeg")],
    ["back", "image/png", await image("png")],
  ] as const) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

async function json(port: number, route: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Completed objects in the fs driver's folder (the sidecar is written last). */
function storedObjects(dataDir: string): number {
  const root = path.join(dataDir, "objects");
  if (!fs.existsSync(root)) return 0;
  return fs
    .readdirSync(root)
    .flatMap((folder) => fs.readdirSync(path.join(root, folder)))
    .filter((name) => name.endsWith(".json") && !name.startsWith(".")).length;
}

/**
 * POSTs an ID upload in two halves: `interrupt` runs after the first, and the second follows 11 s
 * later (longer than the old fixed stops, shorter than the configured grace).
 */
function slowUpload(
  target: { port: number; agent: http.Agent; body: Buffer; headers: Record<string, string> },
  interrupt: () => void,
): Promise<{ status: number; text: string }> {
  const { port, agent, body, headers } = target;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/upload/personal-id",
        agent,
        headers: {
          ...headers,
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
          "content-length": String(body.length),
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on("error", reject);
    (async () => {
      const half = Math.floor(body.length / 2);
      request.write(body.subarray(0, half));
      await new Promise((done) => setTimeout(done, 500));
      interrupt();
      await new Promise((done) => setTimeout(done, 11_000));
      request.end(body.subarray(half));
    })().catch(reject);
  });
}

describe("SIGTERM during an upload", () => {
  let api: ApiProcess | undefined;
  afterAll(() => api?.stop());

  it("lets the upload finish (201, object stored), refuses new connections and exits 0", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shutdown-test-"));
    folders.push(dataDir);
    api = await startApiProcess({
      DATA_DIR: dataDir,
      E2E_SEED_TOKEN: seedToken,
      ADMIN_PASSWORD: "Admin-Passw0rd!",
      SHUTDOWN_GRACE_SECONDS: "30",
    });
    const { port } = api;
    const email = "uploader@example.com";
    const password = "Uploader-Passw0rd!";
    expect(
      (await json(port, "/api/test/users", { email, password }, { "x-seed-token": seedToken })).status,
    ).toBe(201);
    const login = await json(port, "/api/auth/login", { email, password });
    expect(login.status).toBe(200);
    const token = login.body.accessToken as string;

    const body = await multipartIdUpload();
    // A keep-alive client, as browsers and proxies are: its idle connection must not hold the stop.
    const agent = new http.Agent({ keepAlive: true });
    const answer = slowUpload({ port, agent, body, headers: { authorization: `Bearer ${token}` } }, () =>
      api?.kill("SIGTERM"),
    );

    // The port closes at once: a new client is refused while the upload still runs.
    const deadline = Date.now() + 5_000;
    while ((await connects(port)) && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 100));
    expect(await connects(port)).toBe(false);

    const result = await answer;
    expect(result.status, result.text).toBe(201);
    const started = Date.now();
    expect(await api.exited).toBe(0);
    // Not held up by the keep-alive connection the upload left idle.
    expect(Date.now() - started).toBeLessThan(5_000);
    agent.destroy();
    expect(storedObjects(dataDir)).toBe(2);
    expect(api.output().stdout).toContain('"msg":"API stopped"');
  }, 90_000);
});

describe("SIGTERM with a shutdown delay", () => {
  let api: ApiProcess | undefined;
  afterAll(() => api?.stop());

  it("answers readiness 503 while still serving everything else, then closes its port, drains and exits 0", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shutdown-delay-test-"));
    folders.push(dataDir);
    const delayMs = 3_000;
    api = await startApiProcess({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "Admin-Passw0rd!",
      SHUTDOWN_DELAY_SECONDS: String(delayMs / 1000),
    });
    const { port } = api;
    const get = (route: string) => fetch(`http://127.0.0.1:${port}${route}`);
    expect((await get("/api/health/ready")).status).toBe(200);

    const signalled = Date.now();
    api.kill("SIGTERM");
    let ready = await get("/api/health/ready");
    while (ready.status === 200 && Date.now() - signalled < 2_000) {
      await new Promise((done) => setTimeout(done, 50));
      ready = await get("/api/health/ready");
    }
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "stopping" });
    // Every other request, on new connections too, is served as before.
    const health = await get("/api/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });
    expect((await get("/api/health/live")).status).toBe(200);
    expect((await get("/api/openapi.json")).status).toBe(200);
    expect(Date.now() - signalled).toBeLessThan(delayMs);

    // After the delay the port closes and the process drains and exits.
    while ((await connects(port)) && Date.now() - signalled < delayMs + 10_000)
      await new Promise((done) => setTimeout(done, 100));
    expect(await connects(port)).toBe(false);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(delayMs - 100);
    expect(await api.exited).toBe(0);
    expect(api.output().stdout).toContain('"msg":"API stopped"');
  }, 90_000);
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!webBuilt)("SIGTERM to both tiers during an upload through the web tier", () => {
  const stops: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it("lets the upload pass through the BFF to the end, then both tiers exit 0", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shutdown-web-test-"));
    folders.push(dataDir);
    const api = await startApiProcess({
      DATA_DIR: dataDir,
      E2E_SEED_TOKEN: seedToken,
      ADMIN_PASSWORD: "Admin-Passw0rd!",
      SHUTDOWN_GRACE_SECONDS: "30",
    });
    stops.push(() => api.stop());
    const webPort = await freePort();
    const publicUrl = `http://127.0.0.1:${webPort}`;
    const web = spawn(process.execPath, ["scripts/web-server.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(webPort),
        API_URL: `http://127.0.0.1:${api.port}`,
        PUBLIC_URL: publicUrl,
        SHUTDOWN_GRACE_SECONDS: "30",
        LOG_LEVEL: "silent",
      },
      stdio: "ignore",
    });
    const webExited = new Promise<number | null>((resolve) => web.once("exit", (code) => resolve(code)));
    stops.push(async () => {
      if (web.exitCode === null && web.signalCode === null) web.kill("SIGKILL");
      await webExited;
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const up = await fetch(`${publicUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline || web.exitCode !== null) throw new Error("the web tier did not start");
      await new Promise((done) => setTimeout(done, 250));
    }

    const email = "web-uploader@example.com";
    const password = "Uploader-Passw0rd!";
    expect(
      (await json(api.port, "/api/test/users", { email, password }, { "x-seed-token": seedToken })).status,
    ).toBe(201);
    const login = await fetch(`${publicUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: publicUrl },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");

    const agent = new http.Agent({ keepAlive: true });
    const result = await slowUpload(
      { port: webPort, agent, body: await multipartIdUpload(), headers: { cookie, origin: publicUrl } },
      // What scripts/start.mjs (and so `docker stop`) does: both tiers at once.
      () => {
        web.kill("SIGTERM");
        api.kill("SIGTERM");
      },
    );
    expect(result.status, result.text).toBe(201);
    expect(await webExited).toBe(0);
    expect(await api.exited).toBe(0);
    agent.destroy();
    expect(storedObjects(dataDir)).toBe(2);
  }, 120_000);
});
