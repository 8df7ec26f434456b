import { describe, expect, it } from "vitest";
import { loadServerEnv } from "./env";

const load = (values: Record<string, string>) => loadServerEnv({ NODE_ENV: "test", ...values });

describe("loadServerEnv: time zone and legal links", () => {
  it("shows times in Europe/Berlin and links nothing when unset (empty counts as unset)", () => {
    const env = load({ APP_TIME_ZONE: "", PRIVACY_URL: "", IMPRINT_URL: "" });
    expect(env.APP_TIME_ZONE).toBe("Europe/Berlin");
    expect(env.PRIVACY_URL).toBeUndefined();
    expect(env.IMPRINT_URL).toBeUndefined();
  });

  it("stops the start at a time zone the runtime does not know, naming the setting", () => {
    expect(() => load({ APP_TIME_ZONE: "Europe/Berlinn" })).toThrow(
      /Invalid API configuration:\n {2}APP_TIME_ZONE: "Europe\/Berlinn" is not an IANA time zone/,
    );
  });

  it("takes web addresses only for the legal links", () => {
    expect(() => load({ PRIVACY_URL: "javascript:alert(1)" })).toThrow(/PRIVACY_URL/);
    expect(() => load({ IMPRINT_URL: "not a url" })).toThrow(/IMPRINT_URL/);
    const env = load({
      PRIVACY_URL: "https://operator.example/privacy",
      APP_TIME_ZONE: "Asia/Tokyo",
    });
    expect(env.PRIVACY_URL).toBe("https://operator.example/privacy");
    expect(env.APP_TIME_ZONE).toBe("Asia/Tokyo");
  });
});

describe("loadServerEnv: mail transport", () => {
  it("follows SMTP_URL when MAIL_TRANSPORT is unset, and takes files or smtp when set", () => {
    expect(load({ MAIL_TRANSPORT: "" }).MAIL_TRANSPORT).toBeUndefined();
    expect(load({ MAIL_TRANSPORT: "files", SMTP_URL: "smtp://127.0.0.1:2525" }).MAIL_TRANSPORT).toBe("files");
    expect(load({ MAIL_TRANSPORT: "smtp", SMTP_URL: "smtp://127.0.0.1:2525" }).MAIL_TRANSPORT).toBe("smtp");
  });

  it("refuses smtp without an SMTP_URL, and any other transport, naming the setting", () => {
    expect(() => load({ MAIL_TRANSPORT: "smtp" })).toThrow(
      /^Invalid API configuration:\n {2}MAIL_TRANSPORT is smtp, so SMTP_URL is required$/,
    );
    expect(() => load({ MAIL_TRANSPORT: "sendmail" })).toThrow(
      /Invalid API configuration:\n {2}MAIL_TRANSPORT: /,
    );
  });
});

describe("loadServerEnv: S3 keys", () => {
  it("takes a bucket without keys (the SDK's default credential chain signs) or with both", () => {
    expect(load({ S3_BUCKET: "files" }).S3_ACCESS_KEY_ID).toBeUndefined();
    expect(
      load({ S3_BUCKET: "files", S3_ACCESS_KEY_ID: "AKIA", S3_SECRET_ACCESS_KEY: "secret" }).S3_BUCKET,
    ).toBe("files");
  });

  it("refuses one key without the other, bucket or not", () => {
    const halfPair =
      /^Invalid API configuration:\n {2}S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: /;
    expect(() => load({ S3_BUCKET: "files", S3_ACCESS_KEY_ID: "AKIA" })).toThrow(halfPair);
    expect(() => load({ S3_BUCKET: "files", S3_SECRET_ACCESS_KEY: "secret" })).toThrow(halfPair);
    expect(() => load({ S3_ACCESS_KEY_ID: "AKIA" })).toThrow(halfPair);
  });
});

describe("loadServerEnv: METRICS_TOKEN", () => {
  it("leaves /metrics off when unset or empty and refuses a token shorter than 16 characters", () => {
    expect(load({}).METRICS_TOKEN).toBeUndefined();
    expect(load({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(() => load({ METRICS_TOKEN: "short-token" })).toThrow(/METRICS_TOKEN/);
    expect(load({ METRICS_TOKEN: "a-scrape-token-of-32-characters!" }).METRICS_TOKEN).toBe(
      "a-scrape-token-of-32-characters!",
    );
  });
});
