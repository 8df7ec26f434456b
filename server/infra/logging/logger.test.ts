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
      message: "request",
      method: "POST",
      route: "/api/auth/login",
      status: 401,
      ms: 12,
    });
    expect(other).toEqual({ time: expect.any(String), level: "warn", message: "not a request line" });
  });
});
