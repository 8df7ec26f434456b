import { describe, expect, it } from "vitest";
import { config } from "../proxy";

// Next matches the proxy's pattern against the whole path; a plain RegExp of it does the same here.
const matcher = new RegExp(`^${config.matcher[0]}$`);

describe("the paths proxy.ts runs for", () => {
  it("leaves out the health probes, the BFF and the icons", () => {
    for (const path of [
      "/healthz",
      "/healthz/live",
      "/healthz/ready",
      "/api/health/ready",
      "/favicon.ico",
      "/icon.svg",
      "/apple-touch-icon.png",
      "/apple-touch-icon-precomposed.png",
    ]) {
      expect(matcher.test(path), path).toBe(false);
    }
  });

  it("runs for every page", () => {
    for (const path of ["/", "/login", "/dashboard", "/admin/dashboard", "/password-reset-set"]) {
      expect(matcher.test(path), path).toBe(true);
    }
  });
});
