import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadServerEnv } from "../../env";
import { createFilesRoutes } from "../../routes/files";
import { createStorage, withApiDownloads } from "./index";
import { createS3Storage, s3ClientConfig } from "./s3-storage";
import type { ObjectStorage } from "./types";

const BUCKET = "test-bucket";
const S3RVER_SCRIPT = path.resolve(import.meta.dirname, "../../testing/s3rver-process.mjs");

let s3rver: ChildProcessWithoutNullStreams;
let s3rverPort: number;
let storage: ObjectStorage;

/** Starts s3rver in its own process and waits for the port it prints. */
async function startS3rver(): Promise<{ process: ChildProcessWithoutNullStreams; port: number }> {
  const child = spawn(process.execPath, [S3RVER_SCRIPT, BUCKET], { stdio: "pipe" });
  child.stderr.pipe(process.stderr);
  const lines = createInterface({ input: child.stdout });
  const firstLine = once(lines, "line") as Promise<[string]>;
  const exited = once(child, "exit").then(([code]) => {
    throw new Error(`s3rver exited early with code ${code}`);
  });
  const [line] = await Promise.race([firstLine, exited]);
  lines.close();
  const { port } = JSON.parse(line) as { port: number };
  return { process: child, port };
}

async function stopS3rver(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}

beforeAll(async () => {
  const started = await startS3rver();
  s3rver = started.process;
  s3rverPort = started.port;
  storage = createS3Storage({
    bucket: BUCKET,
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${started.port}`,
    // s3rver's built-in credentials.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
});

afterAll(async () => {
  if (s3rver) await stopS3rver(s3rver);
});

function randomStream(data: Buffer, chunkSize: number): Readable {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += chunkSize) {
    chunks.push(data.subarray(offset, offset + chunkSize));
  }
  return Readable.from(chunks);
}

describe("createS3Storage against s3rver", () => {
  it("stores a stream, reads the same bytes back and deletes it", async () => {
    const key = randomUUID();
    const data = randomBytes(1024 * 1024);

    const info = await storage.put(key, randomStream(data, 64 * 1024), { contentType: "image/jpeg" });
    expect(info).toEqual({ key, size: data.length, contentType: "image/jpeg" });

    const stored = await storage.get(key);
    expect(stored?.info).toEqual({ key, size: data.length, contentType: "image/jpeg" });
    // Equal bytes (not just equal length) prove no aws-chunked framing ended up in the object.
    expect(stored && (await buffer(stored.body)).equals(data)).toBe(true);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("stores a Buffer body", async () => {
    const key = randomUUID();
    await storage.put(key, Buffer.from("%PDF-1.7 contract"), { contentType: "application/pdf" });
    const stored = await storage.get(key);
    expect(stored && (await buffer(stored.body)).toString()).toBe("%PDF-1.7 contract");
    await storage.delete(key);
  });

  it("returns null for a key that was never stored", async () => {
    expect(await storage.get(randomUUID())).toBeNull();
  });

  it("issues a presigned URL that serves the object with the requested disposition", async () => {
    const key = randomUUID();
    const data = randomBytes(50_000);
    await storage.put(key, randomStream(data, 16 * 1024), { contentType: "image/png" });

    const url = await storage.signedUrl(key, {
      expiresInSeconds: 60,
      fileName: "Ausweis Müller.png",
      disposition: "attachment",
    });
    expect(new URL(url).searchParams.get("X-Amz-Expires")).toBe("60");

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Ausweis Muller.png"; filename*=UTF-8''Ausweis%20M%C3%BCller.png`,
    );
    await storage.delete(key);
  });

  it("serves S3 objects through the API's signed /api/files URLs, with nosniff and a sandbox", async () => {
    const secret = "s3-download-signing-secret-of-32-chars!";
    const viaApi = withApiDownloads(storage, secret);
    const app = new Hono().route("/api/files", createFilesRoutes({ storage: viaApi, signingSecret: secret }));
    const key = randomUUID();
    const data = randomBytes(30_000);
    await viaApi.put(key, data, { contentType: "image/png" });

    const url = await viaApi.signedUrl(key, { expiresInSeconds: 60, fileName: "front.png" });
    expect(url.startsWith(`/api/files/${key}?`)).toBe(true);
    const response = await app.request(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");

    const tampered = url.replace("front.png", "other.png");
    expect((await app.request(tampered)).status).toBe(403);
    await viaApi.delete(key);
  });

  it("rejects keys that are not server UUIDs", async () => {
    await expect(storage.put("../x", Buffer.from("x"), { contentType: "text/plain" })).rejects.toThrow(
      "server-generated UUIDs",
    );
    await expect(storage.get("not-a-uuid")).rejects.toThrow("server-generated UUIDs");
  });
});

describe("S3 credentials: static keys or the SDK's default chain", () => {
  const connection = { region: "us-east-1", forcePathStyle: true };

  afterEach(() => vi.unstubAllEnvs());

  it("gives the client static credentials only when both keys are set", () => {
    expect(
      s3ClientConfig({ ...connection, accessKeyId: "AKIA", secretAccessKey: "secret" }).credentials,
    ).toEqual({
      accessKeyId: "AKIA",
      secretAccessKey: "secret",
    });
    // No `credentials` key at all: the SDK then builds its default provider chain.
    expect("credentials" in s3ClientConfig(connection)).toBe(false);
    expect("credentials" in s3ClientConfig({ ...connection, accessKeyId: "", secretAccessKey: "" })).toBe(
      false,
    );
  });

  it("signs with the keys the chain finds (here AWS_* variables) when S3_BUCKET comes without keys", async () => {
    const env = loadServerEnv({
      NODE_ENV: "test",
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3rverPort}`,
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(env.S3_ACCESS_KEY_ID).toBeUndefined();
    const key = randomUUID();

    // s3rver knows one key pair and refuses any other, so an accepted request proves the chain's
    // keys signed it, and a refused one that the chain, not some default, supplied them.
    vi.stubEnv("AWS_ACCESS_KEY_ID", "NOT-S3RVER");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "S3RVER");
    await expect(
      createStorage(env, "s".repeat(32)).put(key, Buffer.from("x"), { contentType: "text/plain" }),
    ).rejects.toThrow(/Access Key Id you provided does not exist/);

    vi.stubEnv("AWS_ACCESS_KEY_ID", "S3RVER");
    const chained = createStorage(env, "s".repeat(32));
    await chained.put(key, Buffer.from("through the chain"), { contentType: "text/plain" });
    const stored = await chained.get(key);
    expect(stored && (await buffer(stored.body)).toString()).toBe("through the chain");
    await chained.delete(key);
  });
});
