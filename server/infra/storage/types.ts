import type { Readable } from "node:stream";

export type StoredObjectInfo = {
  key: string;
  size: number;
  contentType: string;
};

export type SignedUrlOptions = {
  /** Lifetime of the URL; keep it short (minutes). */
  expiresInSeconds: number;
  /** Name offered to the browser in Content-Disposition. */
  fileName?: string;
  /** "inline" (default) to view, "attachment" to download. */
  disposition?: "inline" | "attachment";
};

/**
 * Object storage. Keys are server-generated UUIDs; never derived
 * from user input. Bodies are streamed: a driver never holds a whole object in memory.
 */
export interface ObjectStorage {
  readonly driver: "fs" | "s3";
  /** Stores the stream under key; resolves once the object is durable. */
  put(key: string, body: Readable | Buffer, options: { contentType: string }): Promise<StoredObjectInfo>;
  /** null when there is no such object. */
  get(key: string): Promise<{ info: StoredObjectInfo; body: Readable } | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** A short-lived URL the browser can fetch; issue it only after an authorization check. */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
}

export const OBJECT_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function assertObjectKey(key: string): void {
  if (!OBJECT_KEY_PATTERN.test(key)) throw new Error("Object keys are server-generated UUIDs");
}
