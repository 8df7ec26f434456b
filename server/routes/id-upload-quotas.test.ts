import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMBER_STORAGE_QUOTA_BYTES } from "../../lib/constants";
import { documents, rateLimits, users } from "../db/schema";
import { ID_UPLOAD_LIMIT } from "../domain/documents/id-upload-rate-limit";
import { type ApiAnswer, loginOk } from "../testing/auth-api";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

// A member re-uploading ID images over and over: each upload counts against a daily limit per
// account, and its images against the member's storage quota, replaced images included while
// they are kept (after approval, for the admin's review).

let t: TestApp;
const db = () => t.deps.database.db;
let front: Buffer;
let back: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  // Photos are noisy: a few kilobytes each after re-encoding, not a flat colour's few hundred bytes.
  const noise = (seed: number) =>
    sharp(Buffer.from(Array.from({ length: 96 * 64 * 3 }, (_, i) => (i * seed * 2654435761) % 251)), {
      raw: { width: 96, height: 64, channels: 3 },
    });
  front = await noise(7).jpeg().toBuffer();
  back = await noise(13).png().toBuffer();
});

afterAll(() => t.close());

const BOUNDARY = "----id-upload-quota-boundary";

/** A personal ID upload with the fixed front and back, so every upload stores the same bytes. */
async function uploadId(token: string): Promise<ApiAnswer> {
  const fields = {
    idType: "passport",
    idNumber: "C01X00T47",
    expiryDate: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10),
  };
  const files = [
    { name: "front", filename: "front.jpg", type: "image/jpeg", data: front },
    { name: "back", filename: "back.png", type: "image/png", data: back },
  ];
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const body = Buffer.concat(parts);
  const response = await t.app.request("/api/upload/personal-id", {
    method: "POST",
    headers: {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      "content-length": String(body.length),
      authorization: `Bearer ${token}`,
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers, ms: 0 };
}

async function member(options: { approved?: boolean } = {}) {
  const created = await createMember(db(), { status: "pending" });
  if (options.approved) {
    const now = new Date();
    await db()
      .update(users)
      .set({ status: "active", emailVerifiedAt: now, adminVerifiedAt: now })
      .where(eq(users.id, created.id));
  }
  const { accessToken } = await loginOk(t.app, created.email, created.password);
  return { ...created, token: accessToken };
}

/** The object keys on disk (the fs driver: <root>/<2 hex>/<uuid> plus a .json sidecar). */
function storedKeys(): Set<string> {
  const root = path.join(t.dataDir, "objects");
  if (!fs.existsSync(root)) return new Set();
  const keys = new Set<string>();
  for (const folder of fs.readdirSync(root)) {
    for (const name of fs.readdirSync(path.join(root, folder))) {
      if (name.endsWith(".json") && !name.startsWith(".")) keys.add(name.slice(0, -".json".length));
    }
  }
  return keys;
}

const idRows = (userId: string) =>
  db()
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.kind, "id")));

const bytesOf = (rows: { sizeBytes: number }[]) => rows.reduce((total, row) => total + row.sizeBytes, 0);

/** Earlier documents of the member (a signed contract) taking `sizeBytes` of the quota. */
async function fillStorage(userId: string, sizeBytes: number) {
  await db()
    .insert(documents)
    .values({
      userId,
      kind: "contract",
      documentType: "contract",
      originalFilename: "contract.pdf",
      storageKey: crypto.randomUUID(),
      contentType: "application/pdf",
      sizeBytes,
      sha256: crypto.createHash("sha256").update("contract").digest("hex"),
    });
}

const quotaExceeded = {
  code: "STORAGE_QUOTA_EXCEEDED",
  reason: "storageQuotaReached",
  message: "Your documents have reached the storage limit of 100 MB. Please contact support.",
  details: { quotaMb: 100 },
};

describe("ID uploads per member per day", () => {
  it("answers the upload past the daily limit with 429 and Retry-After, storing nothing", async () => {
    const caller = await member({ approved: true });
    for (let i = 0; i < ID_UPLOAD_LIMIT.limit; i += 1) {
      expect((await uploadId(caller.token)).status).toBe(201);
    }
    const rowsBefore = await idRows(caller.id);
    const keysBefore = storedKeys();

    const refused = await uploadId(caller.token);

    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: "RATE_LIMITED",
      reason: "idUploadsRateLimited",
      message: "Too many ID uploads. Please wait and try again.",
    });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(ID_UPLOAD_LIMIT.windowSeconds - 120);
    expect(retryAfter).toBeLessThanOrEqual(ID_UPLOAD_LIMIT.windowSeconds);
    expect(refused.body.error?.details).toEqual({ retryAfterSeconds: retryAfter });
    expect(await idRows(caller.id)).toEqual(rowsBefore);
    expect(storedKeys()).toEqual(keysBefore);

    // Per account: another member uploads as usual.
    const other = await member();
    expect((await uploadId(other.token)).status).toBe(201);
  });

  it("counts refused uploads too: the count is taken before the body is read", async () => {
    const caller = await member();
    await fillStorage(caller.id, MEMBER_STORAGE_QUOTA_BYTES);
    for (let i = 0; i < ID_UPLOAD_LIMIT.limit; i += 1) {
      expect((await uploadId(caller.token)).status).toBe(413);
    }
    expect((await uploadId(caller.token)).status).toBe(429);
    const [counter] = await db()
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, `id-upload:${caller.id}`));
    expect(counter?.count).toBe(ID_UPLOAD_LIMIT.limit + 1);
  });
});

describe("ID images against the member's storage quota", () => {
  it("refuses an upload that does not fit with 413 and stores nothing", async () => {
    const caller = await member();
    // A kilobyte left: less than either image takes.
    await fillStorage(caller.id, MEMBER_STORAGE_QUOTA_BYTES - 1024);
    const keysBefore = storedKeys();

    const refused = await uploadId(caller.token);

    expect(refused.status).toBe(413);
    expect(refused.body.error).toEqual(quotaExceeded);
    expect(await idRows(caller.id)).toEqual([]);
    expect(storedKeys()).toEqual(keysBefore);
    const [account] = await db()
      .select({ documentsUploadedAt: users.documentsUploadedAt })
      .from(users)
      .where(eq(users.id, caller.id));
    expect(account?.documentsUploadedAt).toBeNull();

    // Nothing left at all: refused before the body is read.
    await fillStorage(caller.id, 1024);
    const atOnce = await uploadId(caller.token);
    expect(atOnce.status).toBe(413);
    expect(atOnce.body.error).toEqual(quotaExceeded);
    expect(storedKeys()).toEqual(keysBefore);
  });

  it("counts an approved member's replaced images until they are deleted; drafts before approval make way", async () => {
    const approved = await member({ approved: true });
    const draft = await member();
    expect((await uploadId(approved.token)).status).toBe(201);
    expect((await uploadId(draft.token)).status).toBe(201);
    const upload = bytesOf(await idRows(approved.id));
    expect(upload).toBeGreaterThan(2048);
    // Room for the current images, one more upload and half of another.
    for (const caller of [approved, draft]) {
      await fillStorage(caller.id, MEMBER_STORAGE_QUOTA_BYTES - Math.round(2.5 * upload));
    }

    // Approved: the replaced images stay, so the second replacement no longer fits.
    expect((await uploadId(approved.token)).status).toBe(201);
    const keysBefore = storedKeys();
    const rowsBefore = await idRows(approved.id);
    const refused = await uploadId(approved.token);
    expect(refused.status).toBe(413);
    expect(refused.body.error).toEqual(quotaExceeded);
    expect(await idRows(approved.id)).toEqual(rowsBefore);
    expect(storedKeys()).toEqual(keysBefore);

    // Once the replaced images are deleted, their room is free again.
    await db()
      .delete(documents)
      .where(and(eq(documents.userId, approved.id), isNotNull(documents.supersededAt)));
    expect((await uploadId(approved.token)).status).toBe(201);

    // Not yet approved: the replaced images are deleted, so replacing again always fits.
    for (let i = 0; i < 3; i += 1) expect((await uploadId(draft.token)).status).toBe(201);
    expect(bytesOf(await idRows(draft.id))).toBe(upload);
  });

  it("lets one of two parallel uploads near the quota pass, not both", async () => {
    const caller = await member({ approved: true });
    expect((await uploadId(caller.token)).status).toBe(201);
    const upload = bytesOf(await idRows(caller.id));
    // Room for the current images and one and a half uploads: each upload alone fits.
    await fillStorage(caller.id, MEMBER_STORAGE_QUOTA_BYTES - Math.round(2.5 * upload));
    const keysBefore = storedKeys();

    const raced = await Promise.all([uploadId(caller.token), uploadId(caller.token)]);

    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 413]);
    expect(raced.find((answer) => answer.status === 413)?.body.error).toEqual(quotaExceeded);
    expect(await idRows(caller.id)).toHaveLength(4);
    expect(storedKeys().size - keysBefore.size).toBe(2);
    const everything = await db().select().from(documents).where(eq(documents.userId, caller.id));
    expect(bytesOf(everything)).toBeLessThanOrEqual(MEMBER_STORAGE_QUOTA_BYTES);
  });
});
