import type { AddressInfo } from "node:net";
import net from "node:net";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ID_IMAGE_MAX_BYTES } from "../../lib/constants";
import { createApp } from "../app";
import { users } from "../db/schema";
import { loadServerEnv } from "../env";
import { apiServerOptions } from "../infra/http/server-timeouts";
import { createMember, insertLink, linkUses, personalForm } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

// Clients that send a request slowly, over a real socket: a body that stops arriving, one that
// drips a few bytes at a time, headers that never end. Short limits keep the tests to seconds;
// the test's client shares this process with the server, so its pauses keep well inside them.
const IDLE_MS = 1_000;
const REQUEST_TIMEOUT_SECONDS = 2;

let t: TestApp;
const db = () => t.deps.database.db;
const servers: ReturnType<typeof serve>[] = [];

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  for (const server of servers) {
    (server as unknown as { closeAllConnections(): void }).closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await t.close();
});

/** The API with the short idle limit, served with main.ts's server options. */
async function listen(requestTimeoutSeconds = 300, bodyIdleMs = IDLE_MS): Promise<number> {
  const app = createApp({ ...t.deps, config: { ...t.deps.config, bodyIdleMs } });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve(
      {
        fetch: app.fetch,
        port: 0,
        hostname: "127.0.0.1",
        serverOptions: apiServerOptions(requestTimeoutSeconds),
      },
      () => resolve(started),
    );
  });
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

type Answer = { status: number | null; head: string; body: string; closed: boolean; ms: number };

/**
 * Writes `pieces` (the request, head included) `gapMs` apart and stops when they run out.
 * Resolves with a complete answer that keeps the connection, or when the server closes it.
 */
function drip(port: number, pieces: Buffer[], gapMs: number, waitMs = 20_000): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const started = performance.now();
    let received = "";
    let done = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      for (const timer of timers) clearTimeout(timer);
      socket.destroy();
      const [head = "", rest = ""] = received.split("\r\n\r\n");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
      resolve({
        status: status ? Number(status) : null,
        head,
        body: rest,
        closed,
        ms: performance.now() - started,
      });
    };
    socket.on("connect", () => {
      pieces.forEach((piece, index) => {
        timers.push(
          setTimeout(() => {
            if (!done && socket.writable) socket.write(piece);
            if (index === pieces.length - 1) timers.push(setTimeout(() => finish(false), waitMs));
          }, index * gapMs),
        );
      });
    });
    socket.on("data", (data) => {
      received += data.toString("latin1");
      const [head, rest] = received.split("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(head ?? "")?.[1];
      const complete =
        rest !== undefined && length !== undefined && Buffer.byteLength(rest, "latin1") >= Number(length);
      if (complete && !/connection: close/i.test(head ?? "")) finish(false);
    });
    socket.on("error", () => {});
    socket.on("close", () => finish(true));
  });
}

const piecesOf = (data: Buffer, size: number) =>
  Array.from({ length: Math.ceil(data.length / size) }, (_unused, index) =>
    data.subarray(index * size, (index + 1) * size),
  );

/** A registration through a live link as raw HTTP: the head, then the JSON body. */
async function registration(port: number) {
  const owner = await createMember(db());
  const link = await insertLink(db(), owner.id, { maxUses: 5 });
  const form = personalForm(link.token);
  const body = Buffer.from(JSON.stringify(form));
  const head = Buffer.from(
    [
      "POST /api/register/personal-referral HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      "Content-Type: application/json",
      `Content-Length: ${body.length}`,
      "",
      "",
    ].join("\r\n"),
  );
  const registered = async () =>
    (
      await db()
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, form.email as string))
    ).length;
  return { link, head, body, registered };
}

const stalled = {
  code: "REQUEST_TIMEOUT",
  reason: "bodyStoppedArriving",
  message: "The request stopped arriving. Please check your connection and try again.",
};

describe("a JSON body that stops arriving", () => {
  it("is answered 408 in the error shape after the idle time, the connection closed, nothing stored", async () => {
    const port = await listen();
    const { link, head, body, registered } = await registration(port);

    // Half the form, then silence.
    const answer = await drip(port, [head, body.subarray(0, Math.floor(body.length / 2))], 0);

    expect(answer.status).toBe(408);
    expect(answer.head.toLowerCase()).toContain("connection: close");
    expect(JSON.parse(answer.body)).toEqual({ error: stalled });
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeGreaterThanOrEqual(IDLE_MS);
    expect(answer.ms).toBeLessThan(IDLE_MS + 10_000);
    expect(await registered()).toBe(0);
    expect(await linkUses(db(), link.id)).toBe(0);
  });

  it("is read in full when it arrives slowly but steadily, taking several times the idle time", async () => {
    const port = await listen();
    const { link, head, body, registered } = await registration(port);
    const pieces = [head, ...piecesOf(body, Math.ceil(body.length / 16))];

    const answer = await drip(port, pieces, IDLE_MS / 4);

    expect(answer.status).toBe(201);
    expect(answer.ms).toBeGreaterThan(3 * IDLE_MS);
    expect(await registered()).toBe(1);
    expect(await linkUses(db(), link.id)).toBe(1);
  });
});

describe("a request that drips, never silent for long", () => {
  it("is cut with 408 at the request timeout when its body drips a few bytes at a time, nothing stored", async () => {
    // The idle guard out of the way: only the request's own limit may end this one.
    const port = await listen(REQUEST_TIMEOUT_SECONDS, 60_000);
    const { link, head, body, registered } = await registration(port);
    // 4 bytes every 100 ms: never idle, and far from done when the request's time is up.
    const answer = await drip(port, [head, ...piecesOf(body, 4)], 100);

    expect(answer.status).toBe(408);
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_SECONDS * 1000);
    expect(answer.ms).toBeLessThan(REQUEST_TIMEOUT_SECONDS * 1000 + 5_000);
    expect(await registered()).toBe(0);
    expect(await linkUses(db(), link.id)).toBe(0);
  });

  it("is cut with 408 when its headers never end", async () => {
    const port = await listen(REQUEST_TIMEOUT_SECONDS);
    const headers = Buffer.from(
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${"X-Slow: a\r\n".repeat(200)}`,
    );

    const answer = await drip(port, piecesOf(headers, 8), 100);

    expect(answer.status).toBe(408);
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeLessThan(REQUEST_TIMEOUT_SECONDS * 1000 + 5_000);
  });
});

describe("the API's default limits", () => {
  it("give two 10 MB ID images at 1 Mbit/s time to arrive, headers 20 s, and a stalled body 20 s", () => {
    const env = loadServerEnv({} as NodeJS.ProcessEnv);
    const options = apiServerOptions(env.REQUEST_TIMEOUT_SECONDS);
    const slowMobileUploadMs = ((2 * ID_IMAGE_MAX_BYTES * 8) / 1_000_000) * 1000;

    expect(options.requestTimeout).toBeGreaterThan(slowMobileUploadMs * 1.5);
    expect(options.headersTimeout).toBe(20_000);
    expect(env.BODY_IDLE_SECONDS).toBe(20);
    // Node checks its limits this often; its own 30 s would stretch the headers' 20 s to 50 s.
    expect(options.connectionsCheckingInterval).toBeLessThanOrEqual(2_000);
  });
});
