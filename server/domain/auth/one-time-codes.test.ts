import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser, type TestUser } from "../../testing/auth-api";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database";
import { consumeCode, issueCode } from "./one-time-codes";

// Email codes must come from the operating system's CSPRNG (node:crypto), never from Math.random,
// whose output can be predicted from a few earlier values, or from the clock.

let database: TestDatabase;
let user: TestUser;
const SECRET = "test-code-secret";

beforeAll(async () => {
  database = await createTestDatabase();
  user = await createUser(database.db);
});

afterAll(() => database.close());

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("email codes come from a cryptographically secure random source", () => {
  it("each code is a draw of node:crypto's randomInt over all one million 6-digit codes", async () => {
    const draws = vi.spyOn(crypto, "randomInt");

    const codes: string[] = [];
    for (let index = 0; index < 5; index++) {
      codes.push((await issueCode(database.db, SECRET, user.id, "login")).code);
    }

    expect(draws).toHaveBeenCalledTimes(5);
    for (const [index, call] of draws.mock.calls.entries()) {
      expect(call).toEqual([0, 1_000_000]);
      const drawn = draws.mock.results[index]?.value as number;
      expect(codes[index]).toBe(String(drawn).padStart(6, "0"));
    }
    // The last one works (and only once): the drawn value is the code.
    expect(await consumeCode(database.db, SECRET, user.id, "login", codes[4] ?? "")).toBe("ok");
  });

  it("codes still differ when Math.random and the clock are frozen", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z"), toFake: ["Date"] });

    const codes = new Set<string>();
    for (let index = 0; index < 40; index++) {
      codes.add((await issueCode(database.db, SECRET, user.id, "verify_email")).code);
    }

    // Forty draws from a million: a repeat is possible (about 1 in 1 250), two are not.
    expect(codes.size).toBeGreaterThanOrEqual(39);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
  });
});
