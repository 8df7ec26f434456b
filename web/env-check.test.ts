import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

// The web tier checks its configuration once at start (instrumentation.ts `register`), so a bad
// value stops it before the first request instead of failing that request.

const root = path.resolve(import.meta.dirname, "..");

// webEnv() caches what it read per module instance: each test loads fresh modules.
async function freshModules() {
  vi.resetModules();
  return {
    checkWebEnvAtStart: (await import("./env-check")).checkWebEnvAtStart,
    register: (await import("../instrumentation")).register,
  };
}

function stubExit() {
  const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  return { exit, error };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("checkWebEnvAtStart", () => {
  it("lets a valid configuration through without a word", async () => {
    vi.stubEnv("APP_TIME_ZONE", "Europe/Berlin");
    const { exit, error } = stubExit();
    (await freshModules()).checkWebEnvAtStart();
    expect(exit).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it("stops the process with status 1 and the problem list, one message", async () => {
    vi.stubEnv("APP_TIME_ZONE", "Berlin");
    vi.stubEnv("API_URL", "not a url");
    const { exit, error } = stubExit();
    (await freshModules()).checkWebEnvAtStart();
    expect(exit).toHaveBeenCalledWith(1);
    expect(error).toHaveBeenCalledTimes(1);
    const [message] = error.mock.calls[0] ?? [];
    expect(message).toMatch(/^Invalid web configuration:\n/);
    expect(message).toContain('APP_TIME_ZONE: "Berlin" is not an IANA time zone');
    expect(message).toContain("API_URL: ");
  });
});

describe("register (instrumentation.ts)", () => {
  it("runs the check in the Node.js runtime, and nothing in the edge runtime", async () => {
    vi.stubEnv("APP_TIME_ZONE", "Berlin");
    const { exit } = stubExit();
    vi.stubEnv("NEXT_RUNTIME", "edge");
    await (await freshModules()).register();
    expect(exit).not.toHaveBeenCalled();
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    await (await freshModules()).register();
    expect(exit).toHaveBeenCalledWith(1);
  });

  it("in a process of its own: exit status 1, the listed problem on stderr, no stack", () => {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", "-e", 'import("./instrumentation.ts").then((module) => module.register())'],
      {
        cwd: root,
        env: { ...process.env, NEXT_RUNTIME: "nodejs", APP_TIME_ZONE: "Berlin" },
        encoding: "utf8",
        timeout: 30_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Invalid web configuration:\n  APP_TIME_ZONE: "Berlin" is not an IANA time zone such as Europe/Berlin',
    );
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});
