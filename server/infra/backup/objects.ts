import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import type { ServerEnv } from "../../env";
import { s3ConnectionOf } from "../storage";
import { s3ClientConfig } from "../storage/s3-storage";
import { OBJECT_KEY_PATTERN, type ObjectStorage } from "../storage/types";

// Stored files in a backup, whatever the driver: <backup>/objects/<2 hex>/<key> and beside it
// <key>.json with the content type and size (the fs driver's own layout).

type Sidecar = { contentType: string; size: number };

/** Every object key the configured storage holds. */
export async function listObjectKeys(env: ServerEnv): Promise<string[]> {
  if (env.S3_BUCKET) return listS3Keys(env);
  const root = path.join(env.DATA_DIR, "objects");
  if (!fs.existsSync(root)) return [];
  const keys: string[] = [];
  for (const folder of await fsp.readdir(root)) {
    for (const name of await fsp.readdir(path.join(root, folder))) {
      // Complete objects only: the sidecar is written last; temp files start with a dot.
      const key = name.endsWith(".json") ? name.slice(0, -".json".length) : "";
      if (OBJECT_KEY_PATTERN.test(key)) keys.push(key);
    }
  }
  return keys.sort();
}

async function listS3Keys(env: ServerEnv): Promise<string[]> {
  // The API's own S3 settings: static keys, or the SDK's default credential chain without them.
  const client = new S3Client(s3ClientConfig(s3ConnectionOf(env)));
  const keys: string[] = [];
  let continuationToken: string | undefined;
  try {
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: env.S3_BUCKET, ContinuationToken: continuationToken }),
      );
      for (const object of page.Contents ?? []) {
        // Only what the app stores: a bucket shared with anything else keeps the rest to itself.
        if (object.Key && OBJECT_KEY_PATTERN.test(object.Key)) keys.push(object.Key);
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  } finally {
    client.destroy();
  }
  return keys.sort();
}

function objectPaths(root: string, key: string) {
  const folder = path.join(root, key.slice(0, 2));
  return { folder, data: path.join(folder, key), sidecar: path.join(folder, `${key}.json`) };
}

/** Adds one file to a backup under its name there (backup-files.ts). */
type AddFile = (name: string, content: Buffer | Readable) => Promise<{ size: number }>;

/** Adds every object as objects/<2 hex>/<key> and its sidecar; an object deleted meanwhile is skipped. */
export async function exportObjects(
  storage: ObjectStorage,
  keys: string[],
  add: AddFile,
): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  for (const key of keys) {
    const object = await storage.get(key);
    if (!object) continue;
    const name = `objects/${key.slice(0, 2)}/${key}`;
    const { size } = await add(name, object.body);
    const sidecar: Sidecar = { contentType: object.info.contentType, size };
    await add(`${name}.json`, Buffer.from(JSON.stringify(sidecar)));
    count += 1;
    bytes += size;
  }
  return { count, bytes };
}

/** Stores every object of a backup into the configured storage. */
export async function importObjects(storage: ObjectStorage, backupDir: string): Promise<number> {
  const root = path.join(backupDir, "objects");
  if (!fs.existsSync(root)) return 0;
  let count = 0;
  for (const folder of (await fsp.readdir(root)).sort()) {
    for (const name of (await fsp.readdir(path.join(root, folder))).sort()) {
      const key = name.endsWith(".json") ? name.slice(0, -".json".length) : "";
      if (!OBJECT_KEY_PATTERN.test(key)) continue;
      const paths = objectPaths(root, key);
      const sidecar = JSON.parse(await fsp.readFile(paths.sidecar, "utf8")) as Sidecar;
      const stored = await storage.put(key, fs.createReadStream(paths.data), {
        contentType: sidecar.contentType,
      });
      if (stored.size !== sidecar.size) {
        throw new Error(
          `Object ${key} was stored with ${stored.size} bytes, the backup holds ${sidecar.size}`,
        );
      }
      count += 1;
    }
  }
  return count;
}

/** SHA-256 and size of a file, read as a stream. */
export async function fileDigest(file: string): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash("sha256");
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest("hex") };
}
