import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import type { ServerEnv } from "../../env";
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
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID ?? "", secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "" },
  });
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

/** Copies every object into <backup>/objects; an object deleted meanwhile is skipped. */
export async function exportObjects(
  storage: ObjectStorage,
  keys: string[],
  backupDir: string,
): Promise<{ count: number; bytes: number }> {
  const root = path.join(backupDir, "objects");
  let count = 0;
  let bytes = 0;
  for (const key of keys) {
    const object = await storage.get(key);
    if (!object) continue;
    const paths = objectPaths(root, key);
    await fsp.mkdir(paths.folder, { recursive: true, mode: 0o700 });
    await pipeline(object.body, fs.createWriteStream(paths.data, { mode: 0o600, flush: true }));
    const { size } = await fsp.stat(paths.data);
    const sidecar: Sidecar = { contentType: object.info.contentType, size };
    await fsp.writeFile(paths.sidecar, JSON.stringify(sidecar), { mode: 0o600 });
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
