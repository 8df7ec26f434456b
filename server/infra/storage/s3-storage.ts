import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { contentDisposition } from "./content-disposition";
import { assertObjectKey, type ObjectStorage, type SignedUrlOptions, type StoredObjectInfo } from "./types";

/** Where the bucket lives and how to sign in to it (S3_* settings). */
export type S3ConnectionOptions = {
  region: string;
  /** For S3-compatible services (MinIO, s3rver, …); unset for AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Static keys, both or neither; without them the SDK's default credential chain is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
};

export type S3StorageOptions = S3ConnectionOptions & {
  bucket: string;
  /** Where stream uploads are spooled to learn their length; defaults to the OS temp folder. */
  spoolDirectory?: string;
};

/**
 * The S3 client's settings. With both keys, those; without, no `credentials` at all, so the SDK's
 * default provider chain finds them as every AWS tool does: AWS_ACCESS_KEY_ID and friends, the
 * shared config files, web identity (EKS pod roles), ECS task roles, EC2 instance metadata. A
 * deployment on AWS then needs no long-lived key in its configuration.
 */
export function s3ClientConfig(options: S3ConnectionOptions): S3ClientConfig {
  const { accessKeyId, secretAccessKey } = options;
  return {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  };
}

const SPOOL_FILE_MODE = 0o600;

function isNotFound(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/**
 * PutObject needs a known length for a stream body (a multipart upload would not, but
 * @aws-sdk/lib-storage is not a dependency). Spooling to a private temp file learns the length
 * without ever holding the object in memory; the caller removes the folder.
 */
async function spoolToFile(body: Readable, spoolDirectory: string): Promise<{ file: string; size: number }> {
  const folder = await fsp.mkdtemp(path.join(spoolDirectory, "s3-upload-"));
  const file = path.join(folder, "body");
  await pipeline(body, fs.createWriteStream(file, { flags: "wx", mode: SPOOL_FILE_MODE }));
  const { size } = await fsp.stat(file);
  return { file, size };
}

export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const { bucket, spoolDirectory = os.tmpdir() } = options;
  const client = new S3Client({
    ...s3ClientConfig(options),
    // The SDK's default CRC32 trailers send stream bodies as aws-chunked, which S3-compatible
    // servers (s3rver, older MinIO) store with the chunk framing inside the object.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  async function putObject(key: string, body: Buffer | fs.ReadStream, size: number, contentType: string) {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: body,
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async function put(
    key: string,
    body: Readable | Buffer,
    putOptions: { contentType: string },
  ): Promise<StoredObjectInfo> {
    assertObjectKey(key);
    const { contentType } = putOptions;
    if (Buffer.isBuffer(body)) {
      await putObject(key, body, body.length, contentType);
      return { key, size: body.length, contentType };
    }
    let spooled: { file: string; size: number } | undefined;
    try {
      spooled = await spoolToFile(body, spoolDirectory);
      await putObject(key, fs.createReadStream(spooled.file), spooled.size, contentType);
      return { key, size: spooled.size, contentType };
    } finally {
      if (spooled) await fsp.rm(path.dirname(spooled.file), { recursive: true, force: true });
    }
  }

  async function get(key: string): Promise<{ info: StoredObjectInfo; body: Readable } | null> {
    assertObjectKey(key);
    try {
      const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      // In Node the SDK's body is an IncomingMessage (a Readable) with helper mixins.
      const body = response.Body as Readable | undefined;
      if (!body) return null;
      return {
        info: {
          key,
          size: response.ContentLength ?? 0,
          contentType: response.ContentType ?? "application/octet-stream",
        },
        body,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    assertObjectKey(key);
    try {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible servers answer 404 instead.
      if (!isNotFound(error)) throw error;
    }
  }

  async function signedUrl(key: string, urlOptions: SignedUrlOptions): Promise<string> {
    assertObjectKey(key);
    const command = new GetObjectCommand({
      Bucket: bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(urlOptions.disposition ?? "inline", urlOptions.fileName),
    });
    return getSignedUrl(client, command, { expiresIn: Math.ceil(urlOptions.expiresInSeconds) });
  }

  return { driver: "s3", put, get, delete: remove, signedUrl };
}
