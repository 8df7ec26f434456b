import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const entry = path.resolve(import.meta.dirname, "../../scripts/web-server.mjs");

/** Starts the web server with one bad setting; it must stop before listening. */
function startWith(settings: Record<string, string>) {
  return spawnSync(process.execPath, [entry], {
    env: { ...process.env, PORT: "0", ...settings },
    encoding: "utf8",
    timeout: 20_000,
  });
}

describe("the web server's settings", () => {
  it.each([
    [{ TRUSTED_PROXIES: "bogus" }, 'TRUSTED_PROXIES: not an IP address or CIDR range: "bogus"'],
    [
      { SHUTDOWN_DELAY_SECONDS: "x" },
      'SHUTDOWN_DELAY_SECONDS must be a whole number of seconds from 0 to 600, not "x"',
    ],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN must be at least 16 characters long"],
  ])("a malformed %o stops the start with what is wrong", (settings, message) => {
    const result = startWith(settings);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Invalid web tier configuration:\n  ${message}`);
    expect(result.stdout).not.toContain("listening");
  });
});
