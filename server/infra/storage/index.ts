import path from "node:path";
import { FILES_PREFIX } from "../../../lib/api/system";
import type { ServerEnv } from "../../env";
import { createDownloadUrl } from "./download-url";
import { createFsStorage } from "./fs-storage";
import { createS3Storage, type S3ConnectionOptions } from "./s3-storage";
import type { ObjectStorage } from "./types";

/**
 * S3 when a bucket is configured, otherwise files under `$DATA_DIR/objects`. Downloads go
 * through the API's signed /api/files URLs with either driver (docs/decisions/003).
 */
export function createStorage(env: ServerEnv, signingSecret: string): ObjectStorage {
  if (env.S3_BUCKET) {
    const s3 = createS3Storage({ bucket: env.S3_BUCKET, ...s3ConnectionOf(env) });
    return withApiDownloads(s3, signingSecret);
  }
  return createFsStorage({ root: path.join(env.DATA_DIR, "objects"), signingSecret });
}

/** The S3_* settings; without the keys the SDK's default credential chain signs (s3ClientConfig). */
export function s3ConnectionOf(env: ServerEnv): S3ConnectionOptions {
  return {
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

/** Replaces a driver's own download URLs with the API's signed ones. */
export function withApiDownloads(
  storage: ObjectStorage,
  signingSecret: string,
  now = Date.now,
): ObjectStorage {
  return {
    driver: storage.driver,
    put: (key, body, options) => storage.put(key, body, options),
    get: (key) => storage.get(key),
    delete: (key) => storage.delete(key),
    signedUrl: async (key, options) =>
      createDownloadUrl({ secret: signingSecret, basePath: FILES_PREFIX, now }, key, options),
  };
}
