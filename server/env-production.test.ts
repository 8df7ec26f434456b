import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadServerEnv } from "./env";
import { productionProblems } from "./env-production";

// With NODE_ENV=production the API refuses a configuration that would make a deployment unsafe.

const root = path.resolve(import.meta.dirname, "..");
const safe = {
  NODE_ENV: "production",
  PUBLIC_URL: "https://partners.example.com",
  ALLOW_INSECURE_PUBLIC_URL: "false",
  SMTP_URL: "smtps://mailer:secret@smtp.example.com:465",
  MAIL_FROM: "Partners <partners@example.com>",
} as const;

describe("productionProblems", () => {
  it("accepts an https public address without test settings", () => {
    expect(productionProblems(safe)).toEqual([]);
    expect(productionProblems({ ...safe, ADMIN_PASSWORD: "Str0ng-enough!" })).toEqual([]);
  });

  it("refuses a plain-http public address unless explicitly permitted", () => {
    const problems = productionProblems({ ...safe, PUBLIC_URL: "http://partners.example.com" });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PUBLIC_URL is http:\/\/partners\.example\.com: .*https:\/\//);
    expect(
      productionProblems({ ...safe, PUBLIC_URL: "http://10.0.0.5:3000", ALLOW_INSECURE_PUBLIC_URL: "true" }),
    ).toEqual([]);
  });

  it("lets http on loopback through: only the machine itself reaches it, and browsers treat it as secure", () => {
    for (const url of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
      expect(productionProblems({ ...safe, PUBLIC_URL: url }), url).toEqual([]);
    }
    expect(productionProblems({ ...safe, PUBLIC_URL: "http://localhost.example.com" })).toHaveLength(1);
  });

  it("refuses the end-to-end seeding token and an admin password below the policy", () => {
    const problems = productionProblems({
      ...safe,
      E2E_SEED_TOKEN: "e2e-seed-token-0123456789abcdef",
      ADMIN_PASSWORD: "longbutweak",
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^E2E_SEED_TOKEN is set/);
    expect(problems[1]).toMatch(/^ADMIN_PASSWORD does not meet the password policy/);
  });

  it("refuses a site without SMTP unless mail as files is chosen on purpose", () => {
    const { SMTP_URL: _, ...withoutSmtp } = safe;
    const problems = productionProblems(withoutSmtp);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SMTP_URL is unset, .*set SMTP_URL, or MAIL_TRANSPORT=files /);
    expect(productionProblems({ ...withoutSmtp, MAIL_TRANSPORT: "files" })).toEqual([]);
    // An SMTP_URL with MAIL_TRANSPORT=files is a choice too: the mail stays on the disk.
    expect(productionProblems({ ...safe, MAIL_TRANSPORT: "files" })).toEqual([]);
  });

  it("refuses a sender at localhost, the default, in any spelling", () => {
    for (const MAIL_FROM of [
      "Partner Platform <no-reply@localhost>",
      "no-reply@localhost",
      "No Reply <NO-REPLY@LOCALHOST.>",
      "mail@partners.localhost",
    ]) {
      const problems = productionProblems({ ...safe, MAIL_FROM });
      expect(problems, MAIL_FROM).toEqual([
        expect.stringMatching(/^MAIL_FROM is .*: .*set MAIL_FROM to an address/),
      ]);
    }
    expect(productionProblems({ ...safe, MAIL_FROM: "Local Host <localhost@example.com>" })).toEqual([]);
  });

  it("lets a site on loopback keep mail as files from localhost: nobody else reaches its links", () => {
    // What `npm start` on a laptop runs with: NODE_ENV=production and the defaults.
    expect(
      productionProblems({
        ...safe,
        PUBLIC_URL: "http://localhost:3000",
        SMTP_URL: undefined,
        MAIL_FROM: "Partner Platform <no-reply@localhost>",
      }),
    ).toEqual([]);
  });

  it("checks nothing outside production", () => {
    for (const NODE_ENV of ["development", "test"]) {
      expect(
        productionProblems({
          ...safe,
          NODE_ENV,
          PUBLIC_URL: "http://partners.example.com",
          E2E_SEED_TOKEN: "e2e-seed-token-0123456789abcdef",
          SMTP_URL: undefined,
          MAIL_FROM: "no-reply@localhost",
        }),
      ).toEqual([]);
    }
  });

  it("is part of reading the API's configuration, every problem listed", () => {
    expect(() =>
      loadServerEnv({
        NODE_ENV: "production",
        PUBLIC_URL: "http://partners.example.com",
        E2E_SEED_TOKEN: "e2e-seed-token-0123456789abcdef",
      }),
    ).toThrow(
      /^Refusing to start with NODE_ENV=production:\n {2}PUBLIC_URL .*\n {2}E2E_SEED_TOKEN .*\n {2}SMTP_URL .*\n {2}MAIL_FROM /,
    );
    expect(loadServerEnv({ ...safe }).PUBLIC_URL).toBe("https://partners.example.com");
    expect(loadServerEnv({ ...safe, SMTP_URL: "", MAIL_TRANSPORT: "files" }).MAIL_TRANSPORT).toBe("files");
  });
});

describe("the API process with NODE_ENV=production and an insecure configuration", () => {
  it("exits with status 1 and says why, before it touches its data folder", async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "env-production-")), "data");
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: "production",
          DATABASE_URL: "",
          DATA_DIR: dataDir,
          API_PORT: "65533",
          PUBLIC_URL: "http://partners.example.com",
          E2E_SEED_TOKEN: "e2e-seed-token-0123456789abcdef",
          // The defaults: mail as files, from no-reply@localhost.
          SMTP_URL: "",
          MAIL_TRANSPORT: "",
          MAIL_FROM: "",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      clearTimeout(timer);
      expect(code).toBe(1);
      expect(stderr).toContain("Refusing to start with NODE_ENV=production:");
      expect(stderr).toContain("PUBLIC_URL is http://partners.example.com");
      expect(stderr).toContain("E2E_SEED_TOKEN is set");
      expect(stderr).toContain("SMTP_URL is unset");
      expect(stderr).toContain("MAIL_FROM is Partner Platform <no-reply@localhost>");
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 40_000);
});
