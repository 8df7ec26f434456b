import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEncryptedFile, decryptFile } from "./encryption";

// The encrypted file on its own: larger than three chunks, written in pieces of odd sizes, read
// back only with the right passphrase and only while every byte is as written.

const CHUNK = 64 * 1024;
const TAG = 16;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "backup-encryption-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const passphrase = "correct horse battery staple";
const plain = crypto.randomBytes(3 * CHUNK + 1234);
const file = path.join(folder, "backup.enc");
let headerLength = 0;

async function decryptAll(target: string, phrase = passphrase): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of decryptFile(target, phrase)) parts.push(part);
  return Buffer.concat(parts);
}

/** A copy of the file changed by `change`, for one refusal. */
function alteredCopy(name: string, change: (bytes: Buffer) => Buffer): string {
  const target = path.join(folder, name);
  fs.writeFileSync(target, change(fs.readFileSync(file)));
  return target;
}

beforeAll(async () => {
  const writer = await createEncryptedFile(file, passphrase);
  for (let offset = 0; offset < plain.length; offset += 10_007) {
    await writer.write(plain.subarray(offset, offset + 10_007));
  }
  await writer.finish();
  headerLength = fs.readFileSync(file).indexOf(0x0a) + 1;
}, 60_000);

describe("encrypted backup file", () => {
  it("holds the parameters in a readable header and nothing of the plain text", () => {
    const bytes = fs.readFileSync(file);
    const header = JSON.parse(bytes.subarray(0, headerLength - 1).toString()) as Record<string, unknown>;
    expect(header).toMatchObject({
      format: "partner-platform-backup-encrypted",
      cipher: "aes-256-gcm",
      chunkBytes: CHUNK,
      kdf: { name: "scrypt", N: 2 ** 17, r: 8, p: 1 },
    });
    // Four chunks: three full ones and the rest, each with its tag.
    expect(bytes.length - headerLength).toBe(plain.length + 4 * TAG);
    expect(bytes.includes(plain.subarray(1000, 1032))).toBe(false);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it("decrypts with the passphrase to exactly what was written", async () => {
    expect((await decryptAll(file)).equals(plain)).toBe(true);
  }, 30_000);

  it("refuses a wrong passphrase before handing out anything", async () => {
    await expect(decryptAll(file, "wrong horse battery staple")).rejects.toThrow(/^Wrong passphrase/);
  }, 30_000);

  it("refuses a flipped byte, in any chunk or in the header", async () => {
    const flipped = (position: number) => (bytes: Buffer) => {
      const copy = Buffer.from(bytes);
      copy[position] = (copy[position] ?? 0) ^ 1;
      return copy;
    };
    const inThirdChunk = alteredCopy("flipped-body", flipped(headerLength + 2 * (CHUNK + TAG) + 5));
    await expect(decryptAll(inThirdChunk)).rejects.toThrow("part 3 of 4 does not authenticate");
    // The chunk size in the header: every chunk is bound to the header, so the first one fails.
    const header = alteredCopy("flipped-header", (bytes) =>
      Buffer.from(bytes.toString("latin1").replace('"chunkBytes":65536', '"chunkBytes":65537'), "latin1"),
    );
    await expect(decryptAll(header)).rejects.toThrow("part 1 of");
  }, 60_000);

  it("refuses a file cut at a chunk boundary or with two chunks swapped", async () => {
    const cut = alteredCopy("cut", (bytes) => bytes.subarray(0, headerLength + 3 * (CHUNK + TAG)));
    await expect(decryptAll(cut)).rejects.toThrow("part 3 of 3 does not authenticate");
    const swapped = alteredCopy("swapped", (bytes) => {
      const first = bytes.subarray(headerLength, headerLength + CHUNK + TAG);
      const second = bytes.subarray(headerLength + CHUNK + TAG, headerLength + 2 * (CHUNK + TAG));
      return Buffer.concat([
        bytes.subarray(0, headerLength),
        second,
        first,
        bytes.subarray(headerLength + 2 * (CHUNK + TAG)),
      ]);
    });
    await expect(decryptAll(swapped)).rejects.toThrow("part 1 of 4 does not authenticate");
  }, 60_000);
});
