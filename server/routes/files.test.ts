import { randomBytes, randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFsStorage } from "../infra/storage/fs-storage";
import type { ObjectStorage } from "../infra/storage/types";
import { createFilesRoutes } from "./files";

const SECRET = "files-route-secret-that-is-long-enough-42";

let root: string;
let storage: ObjectStorage;
let app: Hono;

beforeAll(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), "files-route-test-"));
  storage = createFsStorage({ root, signingSecret: SECRET });
  app = new Hono().route("/api/files", createFilesRoutes({ storage, signingSecret: SECRET }));
});

afterAll(async () => {
  await fsp.rm(root, { recursive: true, force: true });
});

async function storeImage(): Promise<{ key: string; data: Buffer }> {
  const key = randomUUID();
  const data = randomBytes(20_000);
  await storage.put(key, data, { contentType: "image/png" });
  return { key, data };
}

/** Replaces one query parameter, keeping the rest of the signed URL as issued. */
function withParameter(url: string, name: string, value: string): string {
  const parsed = new URL(url, "http://localhost");
  parsed.searchParams.set(name, value);
  return `${parsed.pathname}${parsed.search}`;
}

const REASONS: Record<string, string> = {
  "This download link has expired.": "downloadLinkExpired",
  "This download link is not valid.": "downloadLinkInvalid",
};

async function expectForbidden(response: Response, message: string) {
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ error: { code: "FORBIDDEN", message, reason: REASONS[message] } });
}

describe("GET /api/files/:key", () => {
  it("streams the object with safe download headers", async () => {
    const { key, data } = await storeImage();
    const url = await storage.signedUrl(key, { expiresInSeconds: 60, fileName: "Ausweis Müller.png" });

    const response = await app.request(url);

    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-length")).toBe(String(data.length));
    expect(response.headers.get("content-disposition")).toBe(
      `inline; filename="Ausweis Muller.png"; filename*=UTF-8''Ausweis%20M%C3%BCller.png`,
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("offers an attachment when the URL was issued for one", async () => {
    const { key } = await storeImage();
    const url = await storage.signedUrl(key, {
      expiresInSeconds: 60,
      fileName: "Vertrag.pdf",
      disposition: "attachment",
    });
    const response = await app.request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Vertrag.pdf"; filename*=UTF-8''Vertrag.pdf`,
    );
    await response.arrayBuffer();
  });

  it("answers HEAD with the headers and no body", async () => {
    const { key, data } = await storeImage();
    const url = await storage.signedUrl(key, { expiresInSeconds: 60 });
    const response = await app.request(url, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(data.length));
    expect(response.headers.get("content-disposition")).toBe("inline");
    expect(await response.text()).toBe("");
  });

  it("refuses an expired URL", async () => {
    const { key } = await storeImage();
    const issuedAnHourAgo = createFsStorage({
      root,
      signingSecret: SECRET,
      now: () => Date.now() - 3_600_000,
    });
    const url = await issuedAnHourAgo.signedUrl(key, { expiresInSeconds: 300 });
    await expectForbidden(await app.request(url), "This download link has expired.");
  });

  it("refuses a URL whose signature, name, disposition or expiry was altered", async () => {
    const { key } = await storeImage();
    const url = await storage.signedUrl(key, { expiresInSeconds: 60, fileName: "Ausweis Müller.png" });
    const { searchParams } = new URL(url, "http://localhost");
    const sig = searchParams.get("sig") ?? "";
    const exp = Number(searchParams.get("exp"));
    const flipped = `${sig.slice(0, -2)}${sig.at(-2) === "A" ? "B" : "A"}${sig.at(-1)}`;

    const tampered = [
      withParameter(url, "sig", flipped),
      withParameter(url, "sig", ""),
      withParameter(url, "name", "Ausweis Müller.html"),
      withParameter(url, "disp", "attachment"),
      withParameter(url, "exp", String(exp + 3600)),
      url.replace(/&sig=[^&]*/, ""),
      url.replace(key, randomUUID()),
    ];
    for (const tamperedUrl of tampered) {
      await expectForbidden(await app.request(tamperedUrl), "This download link is not valid.");
    }
  });

  it("refuses a URL signed with another secret", async () => {
    const { key } = await storeImage();
    const otherSecret = createFsStorage({ root, signingSecret: "some-other-secret-that-is-long-enough-1" });
    const url = await otherSecret.signedUrl(key, { expiresInSeconds: 60 });
    await expectForbidden(await app.request(url), "This download link is not valid.");
  });

  it("refuses a path that is not a key", async () => {
    await expectForbidden(
      await app.request("/api/files/..%2F..%2Fetc%2Fpasswd"),
      "This download link is not valid.",
    );
  });

  it("answers 404 for a validly signed URL to a missing object", async () => {
    const url = await storage.signedUrl(randomUUID(), { expiresInSeconds: 60 });
    const response = await app.request(url);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "Resource not found." } });
  });
});
