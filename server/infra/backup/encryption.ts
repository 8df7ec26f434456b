import crypto from "node:crypto";
import fsp from "node:fs/promises";
import { promisify } from "node:util";

// A passphrase-encrypted file that is written and read in pieces, so a backup of any size is
// never held in memory, and whose every byte is authenticated before any of it is used:
//
//   <header: one line of JSON, the parameters below> "\n"
//   <chunk 0> <chunk 1> … <final chunk>, each AES-256-GCM ciphertext followed by its 16-byte tag
//
// The key comes from scrypt over the passphrase and the header's random salt (a new key for every
// file, so nonces never repeat under one key). Every chunk holds CHUNK_BYTES of plain text except
// the final one (0 to CHUNK_BYTES). Its nonce is the chunk's number (11 bytes, big-endian) and a
// last byte that is 1 for the final chunk only, so chunks cannot be reordered, dropped or the file
// cut at a chunk boundary without a tag failing; the header is every chunk's associated data, so
// a changed parameter fails too (the STREAM construction, as age and Tink use it).

const FORMAT = "partner-platform-backup-encrypted";
const VERSION = 1;
const CHUNK_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const HEADER_MAX_BYTES = 4096;
// scrypt at N = 2^17, r = 8 takes 128 MiB and about half a second: cheap once per backup, costly
// for whoever guesses passphrases. Larger values in a header are refused, so a forged header
// cannot make a restore allocate without bound.
const SCRYPT = { N: 2 ** 17, r: 8, p: 1 };
const SCRYPT_LIMITS = { N: 2 ** 20, r: 16, p: 4 };
const CHECK_LABEL = "partner-platform-backup passphrase check";

export const MIN_PASSPHRASE_LENGTH = 12;

/** A wrong passphrase, a damaged or altered file: nothing of it may be used. */
class BackupDecryptionError extends Error {}

type Header = {
  format: typeof FORMAT;
  version: typeof VERSION;
  cipher: "aes-256-gcm";
  chunkBytes: number;
  kdf: { name: "scrypt"; N: number; r: number; p: number; salt: string };
  /** Tells a wrong passphrase from a damaged file before the first chunk is read. */
  check: string;
};

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

async function deriveKeys(passphrase: string, kdf: Header["kdf"]) {
  const derived = await scrypt(passphrase.normalize("NFC"), Buffer.from(kdf.salt, "base64url"), 64, {
    N: kdf.N,
    r: kdf.r,
    p: kdf.p,
    maxmem: 256 * kdf.N * kdf.r,
  });
  const check = crypto
    .createHmac("sha256", derived.subarray(32))
    .update(CHECK_LABEL)
    .digest()
    .subarray(0, 16);
  return { key: derived.subarray(0, 32), check };
}

function nonce(index: number, final: boolean): Buffer {
  const bytes = Buffer.alloc(12);
  bytes.writeBigUInt64BE(BigInt(index), 3);
  bytes[11] = final ? 1 : 0;
  return bytes;
}

export type EncryptedFileWriter = {
  write(data: Buffer): Promise<void>;
  /** Writes the final chunk and flushes the file to disk. */
  finish(): Promise<void>;
  /** Closes the file without finishing it (the caller removes it). */
  abandon(): Promise<void>;
};

export async function createEncryptedFile(file: string, passphrase: string): Promise<EncryptedFileWriter> {
  const kdf = { name: "scrypt" as const, ...SCRYPT, salt: crypto.randomBytes(16).toString("base64url") };
  const { key, check } = await deriveKeys(passphrase, kdf);
  const header: Header = {
    format: FORMAT,
    version: VERSION,
    cipher: "aes-256-gcm",
    chunkBytes: CHUNK_BYTES,
    kdf,
    check: check.toString("base64url"),
  };
  const headerLine = Buffer.from(`${JSON.stringify(header)}\n`);
  const handle = await fsp.open(file, "wx", 0o600);
  await handle.write(headerLine);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;

  async function writeChunk(plain: Buffer, final: boolean) {
    const cipher = crypto.createCipheriv("aes-256-gcm", key, nonce(index, final));
    cipher.setAAD(headerLine);
    const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    await handle.write(sealed);
    index += 1;
  }

  return {
    async write(data) {
      pending.push(data);
      pendingBytes += data.length;
      // Only a full chunk with more text after it is surely not the final one.
      while (pendingBytes > CHUNK_BYTES) {
        const all = Buffer.concat(pending);
        await writeChunk(all.subarray(0, CHUNK_BYTES), false);
        pending = [all.subarray(CHUNK_BYTES)];
        pendingBytes = all.length - CHUNK_BYTES;
      }
    },
    async finish() {
      try {
        await writeChunk(Buffer.concat(pending), true);
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    async abandon() {
      await handle.close().catch(() => {});
    },
  };
}

function parseHeader(line: Buffer): Header {
  let header: Header;
  try {
    header = JSON.parse(line.toString("utf8")) as Header;
  } catch {
    throw new BackupDecryptionError("The encrypted backup's header is damaged");
  }
  const kdf = header?.kdf;
  const known =
    header?.format === FORMAT &&
    header.version === VERSION &&
    header.cipher === "aes-256-gcm" &&
    Number.isInteger(header.chunkBytes) &&
    header.chunkBytes > 0 &&
    header.chunkBytes <= 16 * 1024 * 1024 &&
    kdf?.name === "scrypt" &&
    typeof kdf.salt === "string" &&
    typeof header.check === "string";
  if (!known) throw new BackupDecryptionError("The file is not an encrypted backup this version can read");
  const within = (value: number, limit: number) => Number.isInteger(value) && value >= 1 && value <= limit;
  if (!within(kdf.N, SCRYPT_LIMITS.N) || !within(kdf.r, SCRYPT_LIMITS.r) || !within(kdf.p, SCRYPT_LIMITS.p)) {
    throw new BackupDecryptionError("The encrypted backup's header asks for scrypt parameters out of range");
  }
  return header;
}

async function readExactly(handle: fsp.FileHandle, length: number, position: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) throw new BackupDecryptionError("The encrypted backup is cut short");
    filled += bytesRead;
  }
  return buffer;
}

/**
 * The plain text of an encrypted file, chunk by chunk. A chunk is handed out only after its tag
 * checked, and the end only after the final chunk did; a caller that must not act on part of a
 * file reads all of it before acting.
 */
export async function* decryptFile(file: string, passphrase: string): AsyncGenerator<Buffer> {
  const handle = await fsp.open(file, "r");
  try {
    const { size } = await handle.stat();
    const start = await readExactly(handle, Math.min(size, HEADER_MAX_BYTES), 0);
    const end = start.indexOf(0x0a);
    if (end < 0) throw new BackupDecryptionError("The file is not an encrypted backup");
    const headerLine = start.subarray(0, end + 1);
    const header = parseHeader(headerLine.subarray(0, end));
    const { key, check } = await deriveKeys(passphrase, header.kdf);
    const stored = Buffer.from(header.check, "base64url");
    if (stored.length !== check.length || !crypto.timingSafeEqual(stored, check)) {
      throw new BackupDecryptionError("Wrong passphrase: this backup was encrypted with another one");
    }

    const sealedBytes = header.chunkBytes + TAG_BYTES;
    const body = size - headerLine.length;
    if (body < TAG_BYTES) throw new BackupDecryptionError("The encrypted backup is cut short");
    // Every chunk but the final one is full; the final one holds the rest, at least its tag.
    const fullChunks = Math.max(0, Math.ceil((body - sealedBytes) / sealedBytes));
    const chunks = fullChunks + 1;
    let position = headerLine.length;
    for (let index = 0; index < chunks; index += 1) {
      const final = index === chunks - 1;
      const length = final ? body - fullChunks * sealedBytes : sealedBytes;
      const sealed = await readExactly(handle, length, position);
      position += length;
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, nonce(index, final));
      decipher.setAAD(headerLine);
      decipher.setAuthTag(sealed.subarray(length - TAG_BYTES));
      let plain: Buffer;
      try {
        plain = Buffer.concat([decipher.update(sealed.subarray(0, length - TAG_BYTES)), decipher.final()]);
      } catch {
        throw new BackupDecryptionError(
          `The backup is damaged or was altered: part ${index + 1} of ${chunks} does not authenticate`,
        );
      }
      yield plain;
    }
  } finally {
    await handle.close();
  }
}
