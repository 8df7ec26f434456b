import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createEncryptedFile, decryptFile } from "./encryption";

// Where a backup's files go: into a folder as they are, or, with a passphrase, one after another
// into a single encrypted file that holds the same folder (the same names and contents, the
// manifest included), so a restore unpacks it and goes on as with a folder.
//
// Inside the encryption the files are framed as records of a type byte, a 4-byte big-endian
// length and that many bytes: FILE (the file's name), DATA (up to 64 KiB of it), END (none).

export const ENCRYPTED_BACKUP_FILE = "backup.enc";

type FileDigest = { size: number; sha256: string };

export type BackupWriter = {
  /** Adds one file of the backup, read once; returns its size and SHA-256 for the manifest. */
  add(name: string, content: Buffer | Readable): Promise<FileDigest>;
  /** Makes the backup appear at its target, complete. */
  commit(): Promise<void>;
  /** Removes everything written so far. */
  discard(): Promise<void>;
};

const RECORD = { file: 1, data: 2, end: 3 } as const;
const DATA_RECORD_BYTES = 64 * 1024;
const NAME_MAX_BYTES = 1024;

function asStream(content: Buffer | Readable): Readable {
  return Buffer.isBuffer(content) ? Readable.from([content]) : content;
}

type Digesting = { size: number; hash: crypto.Hash };

async function* digesting(source: AsyncIterable<Buffer>, digest: Digesting) {
  for await (const chunk of source) {
    digest.hash.update(chunk);
    digest.size += chunk.length;
    yield chunk;
  }
}

/** A staging folder beside the target, renamed at the end, so a backup is complete or absent. */
async function stagingFor(target: string) {
  const staging = `${target}.partial-${crypto.randomBytes(4).toString("hex")}`;
  await fsp.mkdir(staging, { recursive: true, mode: 0o700 });
  return {
    staging,
    async commit() {
      if (fs.existsSync(target)) await fsp.rmdir(target);
      await fsp.rename(staging, target);
    },
    discard: () => fsp.rm(staging, { recursive: true, force: true }),
  };
}

export async function folderWriter(target: string): Promise<BackupWriter> {
  const { staging, commit, discard } = await stagingFor(target);
  return {
    async add(name, content) {
      const file = path.join(staging, ...name.split("/"));
      await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const digest: Digesting = { size: 0, hash: crypto.createHash("sha256") };
      await pipeline(
        asStream(content),
        (source: AsyncIterable<Buffer>) => digesting(source, digest),
        fs.createWriteStream(file, { mode: 0o600, flush: true }),
      );
      return { size: digest.size, sha256: digest.hash.digest("hex") };
    },
    commit,
    discard,
  };
}

function record(type: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(5);
  head[0] = type;
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
}

export async function encryptedWriter(target: string, passphrase: string): Promise<BackupWriter> {
  const { staging, commit, discard } = await stagingFor(target);
  const encrypted = await createEncryptedFile(path.join(staging, ENCRYPTED_BACKUP_FILE), passphrase);
  return {
    async add(name, content) {
      await encrypted.write(record(RECORD.file, Buffer.from(name)));
      const digest: Digesting = { size: 0, hash: crypto.createHash("sha256") };
      for await (const chunk of digesting(asStream(content), digest)) {
        for (let offset = 0; offset < chunk.length; offset += DATA_RECORD_BYTES) {
          await encrypted.write(record(RECORD.data, chunk.subarray(offset, offset + DATA_RECORD_BYTES)));
        }
      }
      await encrypted.write(record(RECORD.end));
      return { size: digest.size, sha256: digest.hash.digest("hex") };
    },
    async commit() {
      await encrypted.finish();
      await commit();
    },
    async discard() {
      await encrypted.abandon();
      await discard();
    },
  };
}

// The only names a backup of this version writes; anything else in a file that decrypted is
// refused rather than written somewhere.
const BACKUP_FILE_NAME =
  /^(manifest\.json|database\.sql|objects\/[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.json)?)$/;

/**
 * Decrypts an encrypted backup into `folder` (empty, private) as the folder it was made from.
 * Throws on a wrong passphrase or any damaged byte; the caller then removes the folder.
 */
export async function unpackEncryptedBackup(file: string, passphrase: string, folder: string): Promise<void> {
  const damaged = (why: string) => new Error(`The backup's contents are malformed: ${why}`);
  const seen = new Set<string>();
  let open: fsp.FileHandle | null = null;
  let pending: Buffer = Buffer.alloc(0);
  try {
    for await (const plain of decryptFile(file, passphrase)) {
      pending = pending.length ? Buffer.concat([pending, plain]) : plain;
      while (pending.length >= 5) {
        const type = pending[0];
        const length = pending.readUInt32BE(1);
        if (length > Math.max(DATA_RECORD_BYTES, NAME_MAX_BYTES)) throw damaged("a record is too long");
        if (pending.length < 5 + length) break;
        const payload = pending.subarray(5, 5 + length);
        pending = pending.subarray(5 + length);
        if (type === RECORD.file && !open) {
          const name = payload.toString("utf8");
          if (!BACKUP_FILE_NAME.test(name) || seen.has(name)) throw damaged(`unexpected file ${name}`);
          seen.add(name);
          const target = path.join(folder, ...name.split("/"));
          await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
          open = await fsp.open(target, "wx", 0o600);
        } else if (type === RECORD.data && open) {
          await open.write(payload);
        } else if (type === RECORD.end && open && length === 0) {
          await open.close();
          open = null;
        } else {
          throw damaged("records out of order");
        }
      }
    }
    if (open || pending.length > 0) throw damaged("the last file is incomplete");
  } finally {
    await open?.close();
  }
}
