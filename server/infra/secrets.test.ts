import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isValidGeneratedSecret, loadOrCreateSecret } from "./secrets";
import { loadKeyMaterial, parsePrivateJwk } from "./tokens";

const root = path.resolve(import.meta.dirname, "../..");
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function dataDirWith(files: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-test-"));
  folders.push(dataDir);
  fs.mkdirSync(path.join(dataDir, "secrets"), { recursive: true });
  for (const [name, text] of Object.entries(files))
    fs.writeFileSync(path.join(dataDir, "secrets", name), text);
  return dataDir;
}

const stored = (dataDir: string, name: string) =>
  fs.readFileSync(path.join(dataDir, "secrets", name), "utf8");

describe("a broken generated secret file is never used", () => {
  it("replaces an empty secret file (as a crashed or concurrent first start leaves it)", () => {
    const dataDir = dataDirWith({ auth: "" });
    const warnings: string[] = [];
    const secret = loadOrCreateSecret(dataDir, "auth", undefined, (message) => warnings.push(message));
    expect(isValidGeneratedSecret(secret)).toBe(true);
    expect(stored(dataDir, "auth")).toBe(secret);
    expect(warnings).toHaveLength(1);
  });

  it("replaces a short secret file", () => {
    const dataDir = dataDirWith({ "storage-signing": "abc123\n" });
    const secret = loadOrCreateSecret(dataDir, "storage-signing");
    expect(secret).not.toBe("abc123");
    expect(secret.length).toBeGreaterThanOrEqual(43);
    expect(stored(dataDir, "storage-signing")).toBe(secret);
  });

  it("keeps a valid secret file across restarts", () => {
    const dataDir = dataDirWith();
    const first = loadOrCreateSecret(dataDir, "auth");
    expect(loadOrCreateSecret(dataDir, "auth")).toBe(first);
    expect(fs.statSync(path.join(dataDir, "secrets", "auth")).mode & 0o777).toBe(0o600);
  });

  it.each([
    ["empty", ""],
    ["cut off", '{"crv":"Ed25519","d":"uqS0lS8d5'],
    ["not a key", '{"kty":"OKP","crv":"Ed25519","d":"","x":""}'],
    [
      "a private half that does not match its public half",
      '{"kty":"OKP","crv":"Ed25519","d":"uqS0lS8d5-5RQfeS5KaNZczyVuFg7HwKY33_nv0EegM","x":"AAAAhYyxY64EcQvbEGlgMOEXU_nvInr0EatOQ8F7AAA"}',
    ],
  ])("replaces a corrupt signing key file (%s)", async (_what, text) => {
    const dataDir = dataDirWith({ "jwt-ed25519.json": text });
    const keys = await loadKeyMaterial(dataDir);
    expect(parsePrivateJwk(JSON.stringify(keys.privateJwk))).toBeDefined();
    expect(parsePrivateJwk(stored(dataDir, "jwt-ed25519.json"))?.d).toBe(keys.privateJwk.d);
  });

  it("refuses a JWT_PRIVATE_KEY that is not a usable Ed25519 key", async () => {
    await expect(loadKeyMaterial(dataDirWith(), '{"kty":"OKP","crv":"Ed25519","d":"x"}')).rejects.toThrow(
      /JWT_PRIVATE_KEY/,
    );
  });

  it("gives processes starting at the same moment one valid secret and one key, used by all", async () => {
    const dataDir = dataDirWith();
    fs.rmSync(path.join(dataDir, "secrets"), { recursive: true });
    const script = path.join(dataDir, "start.mts");
    fs.writeFileSync(
      script,
      [
        `import { loadOrCreateSecret } from ${JSON.stringify(path.join(root, "server/infra/secrets.ts"))};`,
        `import { loadKeyMaterial } from ${JSON.stringify(path.join(root, "server/infra/tokens.ts"))};`,
        // Start together: every process waits for the same moment before touching the folder.
        "while (Date.now() < Number(process.argv[2])) {}",
        `const secret = loadOrCreateSecret(${JSON.stringify(dataDir)}, "auth");`,
        `const keys = await loadKeyMaterial(${JSON.stringify(dataDir)});`,
        "console.log(JSON.stringify({ secret, d: keys.privateJwk.d }));",
      ].join("\n"),
    );
    const startAt = String(Date.now() + 3_000);
    const run = () =>
      new Promise<{ secret: string; d: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", script, startAt], { cwd: root });
        let out = "";
        let err = "";
        child.stdout.on("data", (chunk) => {
          out += chunk;
        });
        child.stderr.on("data", (chunk) => {
          err += chunk;
        });
        child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err))));
      });
    const results = await Promise.all([run(), run(), run()]);
    const secret = stored(dataDir, "auth");
    const d = parsePrivateJwk(stored(dataDir, "jwt-ed25519.json"))?.d;
    expect(isValidGeneratedSecret(secret)).toBe(true);
    expect(d).toBeDefined();
    for (const result of results) expect(result).toEqual({ secret, d });
    // No lock or temporary file is left behind.
    expect(fs.readdirSync(path.join(dataDir, "secrets")).sort()).toEqual(["auth", "jwt-ed25519.json"]);
  }, 30_000);
});
