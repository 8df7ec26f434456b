import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "./db";
import { appSecrets, users } from "./db/schema";
import { parseEml } from "./testing/eml";
import { createMember } from "./testing/referral-api";
import { createEmptyPostgresDatabase } from "./testing/test-database";
import { testDatabaseUrl } from "./testing/test-env";

// Two API processes and two web tier processes on one PostgreSQL database, one S3 store
// (s3rver) and one SMTP server, as an operator runs several instances behind a load balancer
// with no shared configuration beyond the database, the store and the mail server: sessions,
// refreshes, rate limits, signed downloads and mails must not care which instance answers.

const root = path.resolve(import.meta.dirname, "..");
const onPostgres = Boolean(testDatabaseUrl);
const webBuilt = fs.existsSync(path.join(root, ".next", "BUILD_ID"));
const START_TIMEOUT_MS = 120_000;
const BUCKET = "scale-out";

if (!onPostgres) {
  describe("two API and two web instances on one database", () => {
    it.skip("needs PostgreSQL (DATABASE_URL): the embedded PGlite serves one process per DATA_DIR, so there is nothing to scale out", () => {});
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Child = {
  name: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
};

const children: Child[] = [];
// A crashed test run must not leave servers behind.
const killAll = () => {
  for (const child of children) child.process.kill("SIGKILL");
};
process.once("exit", killAll);

function startChild(name: string, args: string[], env: Record<string, string>): Child {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const handle: Child = {
    name,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const forced = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(forced);
    },
  };
  children.push(handle);
  return handle;
}

async function waitFor(what: string, child: Child, ready: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (await ready()) return;
    if (child.process.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${what} did not start:\n${child.output().slice(-4_000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}

/** s3rver in a process of its own; resolves to its port. */
async function startS3rver(): Promise<{ child: Child; port: number }> {
  const child = startChild("s3rver", ["server/testing/s3rver-process.mjs", BUCKET], {});
  const lines = createInterface({ input: child.process.stdout as NodeJS.ReadableStream });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${child.output()}`)), 30_000);
    lines.once("line", (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
    child.process.once("exit", (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  lines.close();
  return { child, port };
}

type Received = { at: number; recipients: string[]; raw: string };

async function startSmtp(received: Received[]): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nothing to encrypt, and no certificate to make.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        received.push({
          at: Date.now(),
          recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return { server, port: (server.server.address() as net.AddressInfo).port };
}

/** Counts every request the test makes, per instance, for the figures at the end. */
const requestCounts = new Map<string, number>();

class Instance {
  constructor(
    readonly name: string,
    readonly url: string,
  ) {}

  async request(pathname: string, init: RequestInit = {}): Promise<Response> {
    requestCounts.set(this.name, (requestCounts.get(this.name) ?? 0) + 1);
    return fetch(new URL(pathname, this.url), { ...init, signal: AbortSignal.timeout(30_000) });
  }
}

/** The browser's cookie store for one site, enough for the session cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  values(): string[] {
    return [...this.cookies.values()];
  }
}

const timings: Record<string, number> = {};
const since = (start: number) => Math.round(performance.now() - start);

describe.skipIf(!onPostgres)("two API and two web instances on one PostgreSQL database", () => {
  const folders: string[] = [];
  const received: Received[] = [];
  let database: { url: string; drop(): Promise<void> } | undefined;
  let smtp: SMTPServer | undefined;
  let publicUrl: string;
  let api1: Instance;
  let api2: Instance;
  let webA: Instance | undefined;
  let webB: Instance | undefined;
  let db: Awaited<ReturnType<typeof openPostgres>> | undefined;

  beforeAll(async () => {
    const setupStart = performance.now();
    database = await createEmptyPostgresDatabase();
    const s3 = await startS3rver();
    const mail = await startSmtp(received);
    smtp = mail.server;
    const [apiPort1, apiPort2, webPortA, webPortB] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    // Behind a load balancer every web instance answers for the same public address.
    publicUrl = `http://localhost:${webPortA}`;
    const apiEnv = (port: number): Record<string, string> => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scale-out-api-"));
      folders.push(dataDir);
      return {
        // The production start refuses a plain-http PUBLIC_URL, which loopback tests need.
        NODE_ENV: "test",
        DATABASE_URL: database?.url ?? "",
        DATA_DIR: dataDir,
        API_PORT: String(port),
        API_HOST: "127.0.0.1",
        PUBLIC_URL: publicUrl,
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
        SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        MAIL_FROM: "Partner Platform <no-reply@example.com>",
        E2E_SEED_TOKEN: "",
        LOG_LEVEL: "info",
        // No secret is configured: the instances must agree through the database alone.
        JWT_PRIVATE_KEY: "",
        STORAGE_SIGNING_SECRET: "",
        AUTH_SECRET: "",
      };
    };

    // Both API processes start at the same moment on the empty database: migrations, first-start
    // data and generated secrets must come out once.
    const apiStart = performance.now();
    const apis = [apiPort1, apiPort2].map((port, index) =>
      startChild(`api-${index + 1}`, ["--import", "tsx", "server/main.ts"], apiEnv(port)),
    );
    await Promise.all(
      apis.map(async (child, index) => {
        await waitFor(child.name, child, () => child.output().includes('"msg":"API listening"'));
        timings[`api${index + 1}StartMs`] = since(apiStart);
      }),
    );
    api1 = new Instance("api-1", `http://127.0.0.1:${apiPort1}`);
    api2 = new Instance("api-2", `http://127.0.0.1:${apiPort2}`);

    if (webBuilt) {
      const webStart = performance.now();
      const webs = [
        [webPortA, apiPort1],
        [webPortB, apiPort2],
      ].map(([webPort, apiPort], index) =>
        startChild(`web-${index === 0 ? "a" : "b"}`, ["scripts/web-server.mjs"], {
          NODE_ENV: "production",
          NEXT_TELEMETRY_DISABLED: "1",
          PORT: String(webPort),
          API_URL: `http://127.0.0.1:${apiPort}`,
          PUBLIC_URL: publicUrl,
        }),
      );
      await Promise.all(
        webs.map(async (child, index) => {
          const url = `http://127.0.0.1:${index === 0 ? webPortA : webPortB}`;
          await waitFor(child.name, child, () => answers(`${url}/api/health`));
          timings[`web${index === 0 ? "A" : "B"}StartMs`] = since(webStart);
        }),
      );
      webA = new Instance("web-a", `http://127.0.0.1:${webPortA}`);
      webB = new Instance("web-b", `http://127.0.0.1:${webPortB}`);
    } else {
      console.info(
        "scale-out: no web tier build (.next/BUILD_ID): the web instances are not started and the session test is skipped; `npm test` builds it first",
      );
    }
    db = await openPostgres(database.url, 2);
    timings.setupMs = since(setupStart);
  }, START_TIMEOUT_MS * 3);

  afterAll(async () => {
    const stopStart = performance.now();
    await db?.close();
    // Web tiers first, then the APIs (their mail senders), then the store.
    for (const group of [["web-a", "web-b"], ["api-1", "api-2"], ["s3rver"]]) {
      await Promise.all(children.filter((child) => group.includes(child.name)).map((child) => child.stop()));
    }
    const running = smtp;
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    await database?.drop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
    process.removeListener("exit", killAll);
    timings.stopMs = since(stopStart);
    console.info(
      `scale-out figures: ${JSON.stringify({ ...timings, requests: Object.fromEntries(requestCounts) })}`,
    );
  }, 60_000);

  /** The web tier's JSON POST as the browser sends it: same origin, session cookies. */
  const browserPost = (web: Instance, pathname: string, body: unknown, jar?: CookieJar) =>
    web.request(pathname, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: publicUrl,
        ...(jar ? { cookie: jar.header() } : {}),
      },
      body: JSON.stringify(body),
    });

  const meThrough = async (web: Instance, jar: CookieJar) => {
    const response = await web.request("/api/auth/me", { headers: { cookie: jar.header() } });
    return { status: response.status, body: (await response.json()) as { user?: { email?: string } } };
  };

  it("migrated once and generated one set of secrets for both APIs", async () => {
    if (!db) throw new Error("no database");
    const secrets = await db.db.select({ name: appSecrets.name }).from(appSecrets).orderBy(appSecrets.name);
    expect(secrets.map((row) => row.name)).toEqual(["auth", "jwt-signing-key", "storage-signing"]);
    const [keys1, keys2] = await Promise.all(
      [api1, api2].map(
        async (api) => ((await (await api.request("/api/auth/jwks")).json()) as unknown) ?? {},
      ),
    );
    expect(keys1).toEqual(keys2);
    const admins = await db.db.select({ total: count() }).from(users).where(eq(users.role, "super_admin"));
    expect(admins[0]?.total).toBe(1);
  });

  it.skipIf(!webBuilt)(
    "keeps a session across web tiers: log in on A, use and refresh it on B, use it on A again",
    async () => {
      if (!db || !webA || !webB) throw new Error("not started");
      const member = await createMember(db.db);
      const jar = new CookieJar();
      const started = performance.now();

      const loggedIn = await browserPost(webA, "/api/auth/login", {
        email: member.email,
        password: member.password,
      });
      expect(loggedIn.status).toBe(200);
      jar.store(loggedIn);
      expect(jar.values().length).toBeGreaterThanOrEqual(2);

      const onB = await meThrough(webB, jar);
      expect(onB.status).toBe(200);
      expect(onB.body.user?.email).toBe(member.email);

      const before = jar.header();
      const refreshed = await browserPost(webB, "/api/auth/refresh", {}, jar);
      expect(refreshed.status).toBe(200);
      jar.store(refreshed);
      expect(jar.header()).not.toBe(before);

      const backOnA = await meThrough(webA, jar);
      expect(backOnA.status).toBe(200);
      expect(backOnA.body.user?.email).toBe(member.email);
      timings.sessionMs = since(started);
    },
  );

  it("counts failed logins for one account across both instances, at the one-instance limit", async () => {
    if (!db) throw new Error("not started");
    // Through the web tiers when they run, otherwise straight to the two APIs.
    const fronts = webA && webB ? [webA, webB] : [api1, api2];
    const attempt = (index: number, email: string, password: string) =>
      browserPost(fronts[index % 2] as Instance, "/api/auth/login", { email, password });
    const started = performance.now();

    // Four failures spread over both instances leave the account usable...
    const below = await createMember(db.db);
    for (let index = 0; index < 4; index += 1) {
      expect((await attempt(index, below.email, "Wrong-password-1!")).status).toBe(401);
    }
    expect((await attempt(4, below.email, below.password)).status).toBe(200);

    // ...the fifth reaches the account's limit of 5, whichever instance counted which failure:
    // the right password is then refused on either instance.
    const limited = await createMember(db.db);
    for (let index = 0; index < 5; index += 1) {
      expect((await attempt(index, limited.email, "Wrong-password-1!")).status).toBe(401);
    }
    for (const index of [0, 1]) {
      const refused = await attempt(index, limited.email, limited.password);
      expect(refused.status).toBe(401);
    }
    timings.rateLimitMs = since(started);
  });

  it("serves a signed download URL issued by one API from the other", async () => {
    if (!db) throw new Error("not started");
    const member = await createMember(db.db);
    const started = performance.now();
    const loggedIn = await api1.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(loggedIn.status).toBe(200);
    const { accessToken } = (await loggedIn.json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${accessToken}` };

    // The ID upload goes to API 1, which stores it in S3.
    const image = (background: string) =>
      sharp({ create: { width: 64, height: 40, channels: 3, background } })
        .jpeg()
        .toBuffer();
    const form = new FormData();
    form.set("idType", "passport");
    form.set("idNumber", "C01X00T47");
    form.set("expiryDate", new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10));
    form.set(
      "front",
      new Blob([new Uint8Array(await image("#336699"))], { type: "image/jpeg" }),
      "front.jpg",
    );
    form.set("back", new Blob([new Uint8Array(await image("#996633"))], { type: "image/jpeg" }), "back.jpg");
    const uploaded = await api1.request("/api/upload/personal-id", {
      method: "POST",
      headers: auth,
      body: form,
    });
    expect(uploaded.status).toBe(201);

    // API 1 signs the download URL...
    const listed = await api1.request("/api/documents/mine", { headers: auth });
    expect(listed.status).toBe(200);
    const { documents } = (await listed.json()) as { documents: { side: string; signedUrl: string }[] };
    const front = documents.find((document) => document.side === "front");
    expect(front?.signedUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?/);

    // ...and API 2 serves it; a tampered signature is still refused there.
    const served = await api2.request(front?.signedUrl ?? "");
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe("jpeg");
    const tampered = (front?.signedUrl ?? "").replace(/sig=([A-Za-z0-9_-])/, (_match, first: string) =>
      first === "A" ? "sig=B" : "sig=A",
    );
    expect((await api2.request(tampered)).status).toBe(403);
    timings.downloadMs = since(started);
  });

  it("sends a password reset mail requested on one web tier exactly once", async () => {
    if (!db) throw new Error("not started");
    const member = await createMember(db.db);
    const front = webA ?? api1;
    const started = performance.now();
    const requested = await browserPost(front, "/api/auth/request-password-reset", { email: member.email });
    expect(requested.status).toBe(200);
    const forMember = () => received.filter((mail) => mail.recipients.includes(member.email));

    // The mail may be sent within the request or by a background sender: wait for it.
    const deadline = Date.now() + 30_000;
    while (forMember().length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(forMember()).toHaveLength(1);
    timings.mailArrivedMs = since(started);
    // Long enough for either instance's background sender to poll again (every 5 s by default).
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(forMember()).toHaveLength(1);
    expect(parseEml(forMember()[0]?.raw ?? "").text).toContain("/password-reset-set");
  }, 60_000);
});
