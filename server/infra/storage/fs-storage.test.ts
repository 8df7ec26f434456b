import { randomBytes, randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentDisposition } from "./content-disposition";
import { verifyDownloadSignature } from "./download-url";
import { createFsStorage } from "./fs-storage";
import type { ObjectStorage } from "./types";

const SECRET = "test-secret-that-is-long-enough-0123456789";

let root: string;
let storage: ObjectStorage;

beforeEach(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), "fs-storage-test-"));
  storage = createFsStorage({ root, signingSecret: SECRET });
});

afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true });
});

/** Every file under root, relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fsp.readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

function chunksOf(data: Buffer, size: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += size)
    chunks.push(data.subarray(offset, offset + size));
  return chunks;
}

describe("createFsStorage", () => {
  it("stores, reads and deletes a streamed object", async () => {
    const key = randomUUID();
    const data = randomBytes(300_000);

    const info = await storage.put(key, Readable.from(chunksOf(data, 64 * 1024)), {
      contentType: "image/png",
    });
    expect(info).toEqual({ key, size: data.length, contentType: "image/png" });
    expect((await filesUnder(root)).sort()).toEqual(
      [path.join(key.slice(0, 2), key), path.join(key.slice(0, 2), `${key}.json`)].sort(),
    );

    const stored = await storage.get(key);
    expect(stored?.info).toEqual({ key, size: data.length, contentType: "image/png" });
    expect(stored && (await buffer(stored.body)).equals(data)).toBe(true);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await filesUnder(root)).toEqual([]);
  });

  it("stores a Buffer body", async () => {
    const key = randomUUID();
    await storage.put(key, Buffer.from("%PDF-1.7 hello"), { contentType: "application/pdf" });
    const stored = await storage.get(key);
    expect(stored && (await buffer(stored.body)).toString()).toBe("%PDF-1.7 hello");
  });

  it("returns null for a missing object and ignores deleting one", async () => {
    const key = randomUUID();
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("leaves neither an object nor a temp file when the stream fails midway", async () => {
    const key = randomUUID();
    async function* failing() {
      yield randomBytes(64 * 1024);
      yield randomBytes(64 * 1024);
      throw new Error("client went away");
    }

    await expect(storage.put(key, Readable.from(failing()), { contentType: "image/png" })).rejects.toThrow(
      "client went away",
    );
    expect(await storage.get(key)).toBeNull();
    expect(await filesUnder(root)).toEqual([]);
  });

  it("leaves nothing behind when the stream is destroyed without an error", async () => {
    const key = randomUUID();
    const body = new Readable({ read() {} });
    body.push(randomBytes(1024));
    setTimeout(() => body.destroy(), 10);

    await expect(storage.put(key, body, { contentType: "image/png" })).rejects.toThrow();
    expect(await filesUnder(root)).toEqual([]);
  });

  it.each(["../x", "../../etc/passwd", "not-a-uuid", `${randomUUID()}/../x`, randomUUID().toUpperCase(), ""])(
    "rejects the key %j",
    async (key) => {
      await expect(storage.put(key, Buffer.from("x"), { contentType: "text/plain" })).rejects.toThrow(
        "server-generated UUIDs",
      );
      await expect(storage.get(key)).rejects.toThrow("server-generated UUIDs");
      await expect(storage.delete(key)).rejects.toThrow("server-generated UUIDs");
      await expect(storage.signedUrl(key, { expiresInSeconds: 60 })).rejects.toThrow(
        "server-generated UUIDs",
      );
      expect(await filesUnder(root)).toEqual([]);
    },
  );
});

describe("signedUrl and verifyDownloadSignature", () => {
  const NOW = 1_800_000_000_000;
  const clockedStorage = () => createFsStorage({ root, signingSecret: SECRET, now: () => NOW });

  function queryOf(url: string) {
    const parsed = new URL(url, "http://localhost");
    const query = Object.fromEntries(parsed.searchParams);
    return { pathname: parsed.pathname, query };
  }

  it("issues a relative URL whose fields all verify", async () => {
    const key = randomUUID();
    const url = await clockedStorage().signedUrl(key, {
      expiresInSeconds: 300,
      fileName: "Ausweis Müller.png",
      disposition: "attachment",
    });
    expect(url.startsWith(`/api/files/${key}?`)).toBe(true);

    const { query } = queryOf(url);
    expect(query).toMatchObject({
      exp: String(NOW / 1000 + 300),
      disp: "attachment",
      name: "Ausweis Müller.png",
    });
    expect(verifyDownloadSignature(SECRET, key, query, NOW)).toBe("ok");
    expect(verifyDownloadSignature(SECRET, key, query, NOW + 300_000)).toBe("expired");
    expect(verifyDownloadSignature("another-secret-that-is-long-enough-012", key, query, NOW)).toBe(
      "invalid",
    );
    expect(verifyDownloadSignature(SECRET, randomUUID(), query, NOW)).toBe("invalid");
    expect(verifyDownloadSignature(SECRET, key, { ...query, disp: "inline" }, NOW)).toBe("invalid");
    expect(verifyDownloadSignature(SECRET, key, { ...query, name: "Ausweis Müller.html" }, NOW)).toBe(
      "invalid",
    );
    expect(verifyDownloadSignature(SECRET, key, { ...query, exp: String(NOW / 1000 + 3000) }, NOW)).toBe(
      "invalid",
    );
    expect(verifyDownloadSignature(SECRET, key, { ...query, sig: undefined }, NOW)).toBe("invalid");
    expect(verifyDownloadSignature(SECRET, key, { ...query, sig: `${query.sig}A` }, NOW)).toBe("invalid");
  });

  it("defaults to inline with no name and honours publicBasePath", async () => {
    const key = randomUUID();
    const custom = createFsStorage({ root, signingSecret: SECRET, publicBasePath: "/files", now: () => NOW });
    const { pathname, query } = queryOf(await custom.signedUrl(key, { expiresInSeconds: 60 }));
    expect(pathname).toBe(`/files/${key}`);
    expect(query).toMatchObject({ disp: "inline", name: "" });
    expect(verifyDownloadSignature(SECRET, key, query, NOW)).toBe("ok");
  });
});

describe("contentDisposition", () => {
  it("sends an ASCII fallback and the exact UTF-8 name", () => {
    expect(contentDisposition("inline", "Ausweis Müller.png")).toBe(
      `inline; filename="Ausweis Muller.png"; filename*=UTF-8''Ausweis%20M%C3%BCller.png`,
    );
  });

  it("cannot be used to break out of the header or the quoted string", () => {
    const header = contentDisposition("attachment", "a\"b\\c/d\r\nSet-Cookie: x=1; (1)*'%.pdf");
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="a_b_c_dSet-Cookie: x=1; (1)*'_.pdf"; filename*=UTF-8''a%22b_c_dSet-Cookie%3A%20x%3D1%3B%20%281%29%2A%27%25.pdf`,
    );
  });

  it("omits the name when there is none and survives lone surrogates", () => {
    expect(contentDisposition("inline")).toBe("inline");
    expect(contentDisposition("attachment", "  ")).toBe("attachment");
    expect(contentDisposition("inline", "x\uD800.png")).toBe(
      `inline; filename="x_.png"; filename*=UTF-8''x%EF%BF%BD.png`,
    );
  });
});
