import { afterEach, describe, expect, it, vi } from "vitest";

// webEnv() reads process.env once per module instance: each test loads a fresh one.
async function freshWebEnv() {
  vi.resetModules();
  return (await import("./env")).webEnv;
}

afterEach(() => vi.unstubAllEnvs());

describe("webEnv: time zone and legal links", () => {
  it("shows times in Europe/Berlin and links nothing when unset", async () => {
    vi.stubEnv("APP_TIME_ZONE", "");
    vi.stubEnv("PRIVACY_URL", "");
    vi.stubEnv("IMPRINT_URL", "");
    const env = (await freshWebEnv())();
    expect(env.APP_TIME_ZONE).toBe("Europe/Berlin");
    expect(env.PRIVACY_URL).toBeUndefined();
    expect(env.IMPRINT_URL).toBeUndefined();
  });

  it("takes a configured zone and links", async () => {
    vi.stubEnv("APP_TIME_ZONE", "America/New_York");
    vi.stubEnv("PRIVACY_URL", "https://operator.example/privacy");
    vi.stubEnv("IMPRINT_URL", "https://operator.example/imprint");
    const env = (await freshWebEnv())();
    expect(env.APP_TIME_ZONE).toBe("America/New_York");
    expect(env.PRIVACY_URL).toBe("https://operator.example/privacy");
    expect(env.IMPRINT_URL).toBe("https://operator.example/imprint");
  });

  it("refuses a zone the runtime does not know, naming the setting", async () => {
    vi.stubEnv("APP_TIME_ZONE", "Berlin");
    const webEnv = await freshWebEnv();
    expect(() => webEnv()).toThrow(
      /Invalid web configuration:\n {2}APP_TIME_ZONE: "Berlin" is not an IANA time zone/,
    );
  });
});
