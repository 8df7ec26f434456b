import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { FILES_PREFIX } from "../../../lib/api/system";
import { createDownloadUrl } from "./download-url";
import { assertObjectKey, type ObjectStorage, type SignedUrlOptions, type StoredObjectInfo } from "./types";

export type FsStorageOptions = {
  root: string;
  signingSecret: string;
  /** Where the files route is mounted; signed URLs are relative to the site. */
  publicBasePath?: string;
  /** Clock in milliseconds; tests move it to produce expired URLs. */
  now?: () => number;
};

type Sidecar = { contentType: string; size: number };

// Objects hold ID documents: readable by the server's user only.
const FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

function toReadable(body: Readable | Buffer): Readable {
  // Readable.from does not split a Buffer into single bytes, so this is one chunk.
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}

export function createFsStorage(options: FsStorageOptions): ObjectStorage {
  const { root, signingSecret, publicBasePath = FILES_PREFIX, now = Date.now } = options;

  // Two hex characters of fan-out keep any one folder small; the key pattern is checked first,
  // so no key can name a path outside root.
  function folderFor(key: string): string {
    assertObjectKey(key);
    return path.join(root, key.slice(0, 2));
  }

  function dataPath(key: string): string {
    return path.join(folderFor(key), key);
  }

  function sidecarPath(key: string): string {
    return path.join(folderFor(key), `${key}.json`);
  }

  async function readSidecar(key: string): Promise<Sidecar | null> {
    try {
      return JSON.parse(await fsp.readFile(sidecarPath(key), "utf8")) as Sidecar;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function put(
    key: string,
    body: Readable | Buffer,
    putOptions: { contentType: string },
  ): Promise<StoredObjectInfo> {
    const folder = folderFor(key);
    await fsp.mkdir(folder, { recursive: true, mode: DIRECTORY_MODE });
    // Temp files sit in the object's own folder so rename() stays on one file system (atomic).
    const suffix = `${randomUUID()}.tmp`;
    const tempData = path.join(folder, `.${key}.${suffix}`);
    const tempSidecar = path.join(folder, `.${key}.json.${suffix}`);
    try {
      // flush: fsync before close, so "resolved" means "on disk", not "in the page cache".
      await pipeline(
        toReadable(body),
        fs.createWriteStream(tempData, { flags: "wx", mode: FILE_MODE, flush: true }),
      );
      const { size } = await fsp.stat(tempData);
      const sidecar: Sidecar = { contentType: putOptions.contentType, size };
      await fsp.writeFile(tempSidecar, JSON.stringify(sidecar), { flag: "wx", mode: FILE_MODE, flush: true });
      // Data first, sidecar last: get() looks for the sidecar, so a crash between the two
      // renames leaves an invisible file rather than a visible half object.
      await fsp.rename(tempData, dataPath(key));
      await fsp.rename(tempSidecar, sidecarPath(key));
      return { key, size, contentType: putOptions.contentType };
    } catch (error) {
      await Promise.all([fsp.rm(tempData, { force: true }), fsp.rm(tempSidecar, { force: true })]);
      throw error;
    }
  }

  async function get(key: string): Promise<{ info: StoredObjectInfo; body: Readable } | null> {
    const sidecar = await readSidecar(key);
    if (!sidecar) return null;
    let handle: fsp.FileHandle;
    try {
      // Opening first turns a missing file into null here instead of an error mid-stream.
      handle = await fsp.open(dataPath(key), "r");
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return {
      info: { key, size: sidecar.size, contentType: sidecar.contentType },
      body: handle.createReadStream(),
    };
  }

  async function remove(key: string): Promise<void> {
    // Sidecar first: the object disappears for readers before its bytes do.
    await fsp.rm(sidecarPath(key), { force: true });
    await fsp.rm(dataPath(key), { force: true });
  }

  async function signedUrl(key: string, urlOptions: SignedUrlOptions): Promise<string> {
    assertObjectKey(key);
    return createDownloadUrl({ secret: signingSecret, basePath: publicBasePath, now }, key, urlOptions);
  }

  return { driver: "fs", put, get, delete: remove, signedUrl };
}
