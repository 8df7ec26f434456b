import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, LogRingBuffer } from "./logger";

function collector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe("logger", () => {
  it("redacts secrets, tokens, codes and identity data at any depth", async () => {
    const { lines, stream } = collector();
    const logger = createLogger({ level: "info", destination: stream });
    logger.info(
      {
        password: "Sup3r$ecret",
        body: { refreshToken: "rt-123", code: "493817", iban: "DE89370400440532013000" },
        req: { headers: { authorization: "Bearer abc.def", cookie: "session=xyz" } },
        user: { profile: { idNumber: "L01X00T47" } },
      },
      "login attempt",
    );
    await new Promise((resolve) => setImmediate(resolve));
    const line = lines.join("\n");
    expect(line).toContain("login attempt");
    for (const secret of [
      "Sup3r$ecret",
      "rt-123",
      "493817",
      "DE8937",
      "abc.def",
      "session=xyz",
      "L01X00T47",
    ]) {
      expect(line).not.toContain(secret);
    }
  });

  it("keeps the most recent lines, newest first, within its capacity", async () => {
    const ring = new LogRingBuffer(3);
    const logger = createLogger({ level: "silent", ring });
    for (const n of [1, 2, 3, 4, 5]) logger.info(`line ${n}`);
    logger.error("failure");
    await new Promise((resolve) => setImmediate(resolve));
    const recent = ring.recent();
    expect(recent.map((entry) => entry.message)).toEqual(["failure", "line 5", "line 4"]);
    expect(recent[0]?.level).toBe("error");
    expect(Date.parse(recent[0]?.time ?? "")).not.toBeNaN();
  });

  it("keeps a request line's method, route, status and duration as their own fields", async () => {
    const ring = new LogRingBuffer(5);
    const logger = createLogger({ level: "silent", ring });
    logger.info({ method: "POST", route: "/api/auth/login", status: 401, ms: 12 }, "request");
    logger.warn({ method: 42, route: "/x" }, "not a request line");
    await new Promise((resolve) => setImmediate(resolve));
    const [other, request] = ring.recent();
    expect(request).toEqual({
      time: expect.any(String),
      level: "info",
      tier: "api",
      message: "request",
      method: "POST",
      route: "/api/auth/login",
      status: 401,
      ms: 12,
    });
    expect(other).toEqual({
      time: expect.any(String),
      level: "warn",
      tier: "api",
      message: "not a request line",
    });
  });

  it("writes the format both tiers share: ISO time, the level by name, the tier, the request id", async () => {
    const { lines, stream } = collector();
    const logger = createLogger({ level: "info", destination: stream });
    logger.child({ requestId: "req-0123456789" }).warn({ method: "GET", route: "/api/x" }, "slow");
    await new Promise((resolve) => setImmediate(resolve));
    const line = JSON.parse(lines[0] ?? "{}");
    expect(line).toMatchObject({
      level: "warn",
      tier: "api",
      requestId: "req-0123456789",
      msg: "slow",
      method: "GET",
      route: "/api/x",
    });
    expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("keeps lines of the web tier as theirs, an error's digest in the message, and drops lines of no tier", () => {
    const ring = new LogRingBuffer(5);
    const write = (record: object) => ring.write(`${JSON.stringify(record)}\n`);
    write({
      level: "info",
      time: "2030-01-02T03:04:05.678Z",
      tier: "web",
      msg: "request",
      method: "GET",
      path: "/dashboard",
      status: 200,
      ms: 3,
    });
    write({
      level: "error",
      time: "2030-01-02T03:04:06.000Z",
      tier: "web",
      msg: "request failed",
      err: { type: "Error", digest: "123" },
    });
    write({ level: 30, time: 1, msg: "a line of another program" });
    ring.write("not json\n");
    expect(ring.recent()).toEqual([
      { time: "2030-01-02T03:04:06.000Z", level: "error", tier: "web", message: "request failed: Error 123" },
      {
        time: "2030-01-02T03:04:05.678Z",
        level: "info",
        tier: "web",
        message: "request",
        method: "GET",
        route: "/dashboard",
        status: 200,
        ms: 3,
      },
    ]);
  });
});
