import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { serve } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ID_IMAGE_MAX_BYTES } from "../../lib/constants";
import { createApp } from "../app";
import { auditLog, documents, users } from "../db/schema";
import { apiServerOptions, DEFAULT_REQUEST_TIMEOUT_SECONDS } from "../infra/http/server-timeouts";
import { call, loginOk } from "../testing/auth-api";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;
// Raw uploads are spooled under os.tmpdir(); this worker's own folder, so leftovers show.
let scratchRoot: string;

beforeAll(async () => {
  t = await createTestApp();
  scratchRoot = path.join(t.dataDir, "tmp");
  fs.mkdirSync(scratchRoot);
  process.env.TMPDIR = scratchRoot;
});

afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Images

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } });

const jpeg = (width = 64, height = 40) => solid(width, height).jpeg().toBuffer();
const png = (width = 64, height = 40) => solid(width, height).png().toBuffer();

/** A valid JPEG of exactly `size` bytes: comment segments (FF FE) after the start marker. */
async function jpegOfSize(size: number): Promise<Buffer> {
  const base = await jpeg(32, 32);
  let remaining = size - base.length;
  const segments: Buffer[] = [];
  while (remaining > 0) {
    let length = Math.min(remaining, 65_537); // marker (2) + length field (2) + ≤ 65533 bytes
    if (remaining - length > 0 && remaining - length < 4) length -= 4; // never leave a stub
    const segment = Buffer.alloc(length, 0x41);
    segment[0] = 0xff;
    segment[1] = 0xfe;
    segment.writeUInt16BE(length - 2, 2);
    segments.push(segment);
    remaining -= length;
  }
  const result = Buffer.concat([base.subarray(0, 2), ...segments, base.subarray(2)]);
  expect(result.length).toBe(size);
  return result;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes declaring a 30000 × 30000 canvas (900 megapixels): a pixel bomb. */
function pixelBombPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(4096))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies, built by hand so tests control the bytes and the declared length

type FilePart = { name: string; filename: string; data: Buffer; type?: string };
type Form = { fields?: Record<string, string>; files?: FilePart[] };

const BOUNDARY = "----upload-test-boundary-7f3a9c";
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function multipart({ fields = {}, files = [] }: Form): Buffer {
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
          `Content-Type: ${file.type ?? "image/png"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

const inOneYear = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);

const personalFields = (overrides: Record<string, string> = {}) => ({
  idType: "passport",
  idNumber: "C01X00T47",
  expiryDate: inOneYear(),
  ...overrides,
});

async function idImages(): Promise<FilePart[]> {
  return [
    { name: "front", filename: "front.jpg", data: await jpeg(), type: "image/jpeg" },
    { name: "back", filename: "back.png", data: await png() },
  ];
}

type UploadAnswer = Awaited<ReturnType<typeof call>>;

/** POSTs a form with the right Content-Length (or none, sent as a stream, when chunked). */
async function upload(
  route: "personal-id" | "company-id",
  token: string | undefined,
  form: Form,
  options: { chunked?: boolean } = {},
): Promise<UploadAnswer> {
  const body = multipart(form);
  const response = await t.app.request(`/api/upload/${route}`, {
    method: "POST",
    headers: {
      "content-type": CONTENT_TYPE,
      ...(options.chunked ? {} : { "content-length": String(body.length) }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: options.chunked ? chunkedStream(body) : body,
    ...(options.chunked ? { duplex: "half" } : {}),
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers, ms: 0 };
}

function chunkedStream(data: Buffer, chunkSize = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= data.length) {
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(data.subarray(offset, offset + chunkSize)));
      offset += chunkSize;
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Members, storage and rows

async function member(userType: "personal" | "company" = "personal") {
  const created = await createMember(db(), {
    userType,
    ...(userType === "company" ? { companyName: "Acme GmbH" } : {}),
  });
  const { accessToken } = await loginOk(t.app, created.email, created.password);
  return { ...created, token: accessToken };
}

/** The object keys on disk (the fs driver: <root>/<2 hex>/<uuid> plus a .json sidecar). */
function storedKeys(): Set<string> {
  const root = path.join(t.dataDir, "objects");
  if (!fs.existsSync(root)) return new Set();
  const keys = new Set<string>();
  for (const folder of fs.readdirSync(root)) {
    // Complete objects only: the sidecar is written last; temp files of writes under way do not count.
    for (const name of fs.readdirSync(path.join(root, folder))) {
      if (name.endsWith(".json") && !name.startsWith(".")) keys.add(name.slice(0, -".json".length));
    }
  }
  return keys;
}

/** Any temp or half-written file left in the objects folder. */
function strayFiles(): string[] {
  const root = path.join(t.dataDir, "objects");
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .flatMap((folder) => fs.readdirSync(path.join(root, folder)).filter((name) => name.startsWith(".")));
}

const idRows = (userId: string) =>
  db()
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.kind, "id")));

async function readStored(key: string): Promise<Buffer> {
  const object = await t.deps.storage.get(key);
  if (!object) throw new Error(`no object ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");

/** Runs `action` and checks that it left no object, row or temp file behind. */
async function expectNothingStored(userId: string, action: () => Promise<void>) {
  const before = storedKeys();
  await action();
  expect(storedKeys()).toEqual(before);
  expect(strayFiles()).toEqual([]);
  expect(fs.readdirSync(scratchRoot)).toEqual([]);
  expect(await idRows(userId)).toEqual([]);
}

const fileTooLarge = {
  code: "PAYLOAD_TOO_LARGE",
  reason: "idImageTooLarge",
  message: "File is too large. Maximum size is 10MB.",
};
const invalidType = {
  code: "UNSUPPORTED_MEDIA_TYPE",
  reason: "idImageInvalidType",
  message: "Invalid file type. Please upload a PNG or JPG image",
};

// ---------------------------------------------------------------------------------------------

describe("POST /api/upload/personal-id and /api/upload/company-id", () => {
  it("stores a personal member's front and back, writes the rows and marks the step done", async () => {
    const user = await member("personal");
    const images = await idImages();

    const answer = await upload("personal-id", user.token, { fields: personalFields(), files: images });

    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ success: true, message: "ID uploaded successfully." });
    const answered = (
      answer.body as unknown as { documents: { id: string; side: string; originalFilename: string }[] }
    ).documents;
    expect(answered.map(({ side, originalFilename }) => ({ side, originalFilename }))).toEqual([
      { side: "front", originalFilename: "front.jpg" },
      { side: "back", originalFilename: "back.png" },
    ]);

    const rows = await idRows(user.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        documentType: "personal_id",
        idType: "passport",
        idNumber: "C01X00T47",
        expiryDate: inOneYear(),
      });
      expect(answered.map((document) => document.id)).toContain(row.id);
      // The bytes really are in the fs storage, under a server UUID, as recorded.
      expect(row.storageKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const file = path.join(t.dataDir, "objects", row.storageKey.slice(0, 2), row.storageKey);
      const bytes = fs.readFileSync(file);
      expect(bytes.length).toBe(row.sizeBytes);
      expect(sha256(bytes)).toBe(row.sha256);
      expect((await sharp(bytes).metadata()).format).toBe(row.side === "front" ? "jpeg" : "png");
      expect(row.contentType).toBe(row.side === "front" ? "image/jpeg" : "image/png");
    }
    // The raw uploads (with their metadata) are gone from the temp folder.
    expect(os.tmpdir()).toBe(scratchRoot);
    expect(fs.readdirSync(scratchRoot)).toEqual([]);
    const [flags] = await db()
      .select({ documentsUploadedAt: users.documentsUploadedAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(flags?.documentsUploadedAt).toBeInstanceOf(Date);

    // Audited without the ID number.
    const events = await db().select().from(auditLog).where(eq(auditLog.subjectUserId, user.id));
    const uploaded = events.filter((event) => event.action === "onboarding.id_uploaded");
    expect(uploaded).toHaveLength(1);
    expect(JSON.stringify(uploaded[0])).not.toContain("C01X00T47");
  });

  it("stores a company contact person's ID with the company types", async () => {
    const user = await member("company");

    const answer = await upload("company-id", user.token, {
      fields: { idType: "business_license", idNumber: "HRB 12345", expiryDate: inOneYear() },
      files: await idImages(),
    });

    expect(answer.status).toBe(201);
    const rows = await idRows(user.id);
    expect(rows.map((row) => [row.side, row.documentType, row.idType]).sort()).toEqual([
      ["back", "company_id", "business_license"],
      ["front", "company_id", "business_license"],
    ]);
    for (const row of rows) expect(storedKeys()).toContain(row.storageKey);
  });

  it("refuses an ID type of the other account type", async () => {
    const personal = await member("personal");
    const answer = await upload("personal-id", personal.token, {
      fields: personalFields({ idType: "business_license" }),
      files: await idImages(),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error?.code).toBe("VALIDATION_FAILED");
  });

  it("re-encodes the images: EXIF (copyright, GPS) is gone and the orientation is applied", async () => {
    const user = await member("personal");
    // 60 × 20, tagged "rotate 90° clockwise" (orientation 6), with a comment and a GPS position.
    const tagged = await solid(60, 20)
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Copyright: "secret-marker", ImageDescription: "secret-description" },
          IFD3: {
            GPSLatitudeRef: "N",
            GPSLatitude: "48/1 8/1 2/1",
            GPSLongitudeRef: "E",
            GPSLongitude: "11/1 34/1 5/1",
          },
        },
      })
      .jpeg()
      .toBuffer();
    const taggedMeta = await sharp(tagged).metadata();
    expect(taggedMeta.orientation).toBe(6);
    expect(tagged.includes("secret-marker")).toBe(true);
    expect(tagged.includes("GPS") || (taggedMeta.exif?.length ?? 0) > 0).toBe(true);

    const answer = await upload("personal-id", user.token, {
      fields: personalFields({ hasBackside: "false" }),
      files: [{ name: "front", filename: "holiday.jpg", data: tagged, type: "image/jpeg" }],
    });

    expect(answer.status).toBe(201);
    const [row] = await idRows(user.id);
    const stored = await readStored(row?.storageKey ?? "");
    expect(stored.includes("secret-marker")).toBe(false);
    expect(stored.includes("secret-description")).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // The pixels were turned instead: 60 × 20 shown rotated is 20 wide, 60 high.
    expect([meta.width, meta.height]).toEqual([20, 60]);
  });

  it("keeps an image of exactly 10 MB", async () => {
    const user = await member("personal");
    const data = await jpegOfSize(ID_IMAGE_MAX_BYTES);
    const answer = await upload("personal-id", user.token, {
      fields: personalFields({ hasBackside: "false" }),
      files: [{ name: "front", filename: "big.jpg", data, type: "image/jpeg" }],
    });
    expect(answer.status).toBe(201);
    // The comment padding did not survive the re-encoding.
    const [row] = await idRows(user.id);
    expect(row?.sizeBytes).toBeLessThan(10_000);
  });

  it("refuses a file of 10 MB + 1 byte with 413, sent with its Content-Length or chunked", async () => {
    const user = await member("personal");
    const data = await jpegOfSize(ID_IMAGE_MAX_BYTES + 1);
    const form = {
      fields: personalFields(),
      files: [
        { name: "front", filename: "front.jpg", data: await jpeg(), type: "image/jpeg" },
        { name: "back", filename: "big.jpg", data, type: "image/jpeg" },
      ],
    };
    for (const chunked of [false, true]) {
      await expectNothingStored(user.id, async () => {
        const answer = await upload("personal-id", user.token, form, { chunked });
        expect(answer.status).toBe(413);
        expect(answer.body.error).toEqual(fileTooLarge);
      });
    }
  });

  it("stops reading an endless chunked upload at the limit and cancels the body", async () => {
    const user = await member("personal");
    const head = Buffer.concat([
      multipart({ fields: personalFields() }).subarray(0, -`--${BOUNDARY}--\r\n`.length),
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="front"; filename="front.jpg"\r\n` +
          "Content-Type: image/jpeg\r\n\r\n",
      ),
      (await jpeg()).subarray(0, 20),
    ]);
    let pulled = 0;
    let cancelled = false;
    const filler = new Uint8Array(64 * 1024).fill(0x41);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(head));
      },
      pull(controller) {
        pulled += filler.length;
        controller.enqueue(filler);
      },
      cancel() {
        cancelled = true;
      },
    });

    await expectNothingStored(user.id, async () => {
      const response = await t.app.request("/api/upload/personal-id", {
        method: "POST",
        headers: { "content-type": CONTENT_TYPE, authorization: `Bearer ${user.token}` },
        body,
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: unknown }).error).toEqual(fileTooLarge);
    });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(ID_IMAGE_MAX_BYTES + 1024 * 1024);
  });

  it("refuses a request declaring more than two files' worth of bytes before reading it", async () => {
    const user = await member("personal");
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const response = await t.app.request("/api/upload/personal-id", {
      method: "POST",
      headers: {
        "content-type": CONTENT_TYPE,
        "content-length": String(2 * ID_IMAGE_MAX_BYTES + 64 * 1024 + 1),
        authorization: `Bearer ${user.token}`,
      },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    // At most what the stream queued by itself before anyone read it.
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("decides the type by the content: HTML named front.png and a GIF are refused with 415", async () => {
    const user = await member("personal");
    const html = Buffer.from(
      `<!DOCTYPE html><html><body><script>alert(document.cookie)</script>${"x".repeat(5000)}</body></html>`,
    );
    const gif = await solid(30, 30).gif().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [filename, data] of [
      ["front.png", html],
      ["front.jpg", gif],
      ["front.png", svg],
    ] as const) {
      await expectNothingStored(user.id, async () => {
        const answer = await upload("personal-id", user.token, {
          fields: personalFields({ hasBackside: "false" }),
          files: [{ name: "front", filename, data, type: "image/png" }],
        });
        expect(answer.status).toBe(415);
        expect(answer.body.error).toEqual(invalidType);
      });
    }
  });

  it("refuses a wrong back after storing a good front, and removes the front again", async () => {
    const user = await member("personal");
    await expectNothingStored(user.id, async () => {
      const answer = await upload("personal-id", user.token, {
        fields: personalFields(),
        files: [
          { name: "front", filename: "front.jpg", data: await jpeg(), type: "image/jpeg" },
          { name: "back", filename: "back.png", data: Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n") },
        ],
      });
      expect(answer.status).toBe(415);
    });
  });

  it("refuses a pixel bomb with 422 and a broken image with 422", async () => {
    const user = await member("personal");
    const broken = (await jpeg(200, 200)).subarray(0, 300);
    for (const [data, reason, message] of [
      [pixelBombPng(), "imageTooManyPixels", "The image is too large to process."],
      [broken, "idImageUnreadable", "The image could not be read. Please upload a PNG or JPG image"],
    ] as const) {
      await expectNothingStored(user.id, async () => {
        const answer = await upload("personal-id", user.token, {
          fields: personalFields({ hasBackside: "false" }),
          files: [{ name: "front", filename: "front.png", data }],
        });
        expect(answer.status).toBe(422);
        expect(answer.body.error).toEqual({ code: "VALIDATION_FAILED", reason, message });
      });
    }
  });

  it("refuses an expiry date that is not in the future", async () => {
    const user = await member("personal");
    const today = new Date().toISOString().slice(0, 10);
    for (const expiryDate of [today, "2020-01-31"]) {
      await expectNothingStored(user.id, async () => {
        const answer = await upload("personal-id", user.token, {
          fields: personalFields({ expiryDate }),
          files: await idImages(),
        });
        expect(answer.status).toBe(422);
        expect(answer.body.error).toMatchObject({
          reason: "idExpiryNotInFuture",
          message: "Expiry date must be in the future.",
          details: { issues: [{ path: "expiryDate", message: "Expiry date must be in the future." }] },
        });
      });
    }
    const answer = await upload("personal-id", user.token, {
      fields: personalFields({ expiryDate: "2031-02-30" }),
      files: await idImages(),
    });
    expect(answer.status).toBe(422);
  });

  it("needs the back unless hasBackside is 'false'", async () => {
    const user = await member("personal");
    const [front] = await idImages();
    const form = (fields: Record<string, string>) => ({
      fields: personalFields(fields),
      files: [front as FilePart],
    });

    await expectNothingStored(user.id, async () => {
      for (const fields of [{}, { hasBackside: "true" }] as Record<string, string>[]) {
        const answer = await upload("personal-id", user.token, form(fields));
        expect(answer.status).toBe(422);
        expect(answer.body.error).toMatchObject({
          code: "VALIDATION_FAILED",
          reason: "idUploadIncomplete",
          message: "please fill all fields and upload both front and back images",
          details: { issues: [{ path: "back" }] },
        });
      }
    });

    const answer = await upload("personal-id", user.token, form({ hasBackside: "false" }));
    expect(answer.status).toBe(201);
    expect((await idRows(user.id)).map((row) => row.side)).toEqual(["front"]);

    // A back sent anyway with hasBackside 'false' is not kept, neither as a row nor as a file.
    const before = storedKeys();
    const withBack = await upload("personal-id", user.token, {
      fields: personalFields({ hasBackside: "false" }),
      files: await idImages(),
    });
    expect(withBack.status).toBe(201);
    const rows = await idRows(user.id);
    expect(rows.map((row) => row.side)).toEqual(["front"]);
    expect(storedKeys().size).toBe(before.size);
    expect(storedKeys().has(rows[0]?.storageKey ?? "")).toBe(true);
  });

  it("answers the spec's message when fields or the front are missing", async () => {
    const user = await member("personal");
    const images = await idImages();
    for (const form of [
      { fields: personalFields({ idNumber: "" }), files: images },
      { fields: { idType: "passport", expiryDate: inOneYear() }, files: images },
      { fields: personalFields(), files: images.filter((file) => file.name === "back") },
      { fields: personalFields(), files: [{ ...(images[0] as FilePart), data: Buffer.alloc(0) }] },
    ]) {
      await expectNothingStored(user.id, async () => {
        const answer = await upload("personal-id", user.token, form);
        expect(answer.status).toBe(422);
        expect(answer.body.error?.message).toBe(
          "please fill all fields and upload both front and back images",
        );
      });
    }
  });

  it("refuses other file fields, a third file and an over-long ID number", async () => {
    const user = await member("personal");
    const images = await idImages();
    for (const form of [
      {
        fields: personalFields(),
        files: [...images, { name: "selfie", filename: "me.jpg", data: await jpeg() }],
      },
      { fields: personalFields(), files: [...images, { ...(images[0] as FilePart) }] },
      { fields: personalFields({ idNumber: "9".repeat(65) }), files: images },
    ]) {
      await expectNothingStored(user.id, async () => {
        const answer = await upload("personal-id", user.token, form);
        expect(answer.status).toBe(422);
      });
    }
    // The number's limit travels with the refusal, for the text's placeholder.
    const tooLong = await upload("personal-id", user.token, {
      fields: personalFields({ idNumber: "9".repeat(65) }),
      files: images,
    });
    expect(tooLong.body.error).toMatchObject({
      reason: "idNumberTooLong",
      message: "The ID number can have at most 64 characters.",
      details: {
        max: 64,
        issues: [{ path: "idNumber", message: "The ID number can have at most 64 characters." }],
      },
    });
  });

  it("stores a safe file name: no path, no control characters, at most 200 characters", async () => {
    const user = await member("personal");
    const longName = `${"ä".repeat(300)}.jpeg`;
    const answer = await upload("personal-id", user.token, {
      fields: personalFields(),
      files: [
        {
          name: "front",
          filename: "C:\\Users\\eve\\..\\pass\u202Egpj.exe",
          data: await jpeg(),
          type: "image/jpeg",
        },
        { name: "back", filename: longName, data: await jpeg(), type: "image/jpeg" },
      ],
    });
    expect(answer.status).toBe(201);
    const names = Object.fromEntries((await idRows(user.id)).map((row) => [row.side, row.originalFilename]));
    expect(names.front).toBe("passgpj.jpg");
    expect(names.back).toHaveLength(200);
    expect(names.back?.endsWith(".jpeg")).toBe(true);
  });

  it("lets each account type use only its own route (403) and visitors none (401)", async () => {
    const personal = await member("personal");
    const company = await member("company");
    const form = { fields: personalFields(), files: await idImages() };

    const wrongForPersonal = await upload("company-id", personal.token, form);
    expect(wrongForPersonal.status).toBe(403);
    expect(wrongForPersonal.body.error?.message).toBe("Access denied. This page is only for company users.");

    const wrongForCompany = await upload("personal-id", company.token, form);
    expect(wrongForCompany.status).toBe(403);
    expect(wrongForCompany.body.error?.message).toBe("Access denied. This page is only for personal users.");

    for (const route of ["personal-id", "company-id"] as const) {
      expect((await upload(route, undefined, form)).status).toBe(401);
      expect((await upload(route, "not-a-token", form)).status).toBe(401);
    }
    expect(await idRows(personal.id)).toEqual([]);
    expect(await idRows(company.id)).toEqual([]);
  });

  it("refuses a body that is not multipart with 415", async () => {
    const user = await member("personal");
    const answer = await call(t.app, "POST", "/api/upload/personal-id", {
      token: user.token,
      body: personalFields(),
    });
    expect(answer.status).toBe(415);
    expect(answer.body.error).toMatchObject({
      reason: "multipartRequired",
      message: "Send the form as multipart/form-data.",
    });
  });

  it("answers a request without a body with the spec's message", async () => {
    const user = await member("personal");
    const response = await t.app.request("/api/upload/personal-id", {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: unknown }).error).toEqual({
      code: "VALIDATION_FAILED",
      reason: "idUploadIncomplete",
      message: "please fill all fields and upload both front and back images",
    });
  });

  it("answers a form cut off before its end with 400 and stores nothing", async () => {
    const user = await member("personal");
    const whole = multipart({ fields: personalFields(), files: await idImages() });
    const cut = whole.subarray(0, whole.length - 200);
    await expectNothingStored(user.id, async () => {
      const response = await t.app.request("/api/upload/personal-id", {
        method: "POST",
        headers: {
          "content-type": CONTENT_TYPE,
          "content-length": String(cut.length),
          authorization: `Bearer ${user.token}`,
        },
        body: new Uint8Array(cut),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: unknown }).error).toEqual({
        code: "BAD_REQUEST",
        reason: "uploadIncomplete",
        message: "The upload was incomplete. Please try again.",
      });
    });
  });

  it("replaces the previous upload: old rows and old files are gone", async () => {
    const user = await member("personal");
    const first = await upload("personal-id", user.token, {
      fields: personalFields(),
      files: await idImages(),
    });
    expect(first.status).toBe(201);
    const oldRows = await idRows(user.id);
    const [firstFlag] = await db()
      .select({ at: users.documentsUploadedAt })
      .from(users)
      .where(eq(users.id, user.id));

    const second = await upload("personal-id", user.token, {
      fields: personalFields({ idType: "id_card", idNumber: "L01X00T47" }),
      files: await idImages(),
    });

    expect(second.status).toBe(201);
    const newRows = await idRows(user.id);
    expect(newRows).toHaveLength(2);
    expect(newRows.every((row) => row.idType === "id_card")).toBe(true);
    const keys = storedKeys();
    for (const row of oldRows) {
      expect(newRows.map((fresh) => fresh.id)).not.toContain(row.id);
      expect(keys.has(row.storageKey)).toBe(false);
      expect(await t.deps.storage.get(row.storageKey)).toBeNull();
    }
    for (const row of newRows) expect(keys.has(row.storageKey)).toBe(true);
    // The step was done the first time; a new upload does not move that date.
    const [secondFlag] = await db()
      .select({ at: users.documentsUploadedAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(secondFlag?.at?.toISOString()).toBe(firstFlag?.at?.toISOString());
  });

  it("ends with one set of documents (and files) when two uploads race", async () => {
    const user = await member("personal");
    const before = storedKeys();
    const forms = [
      { fields: personalFields(), files: await idImages() },
      { fields: personalFields(), files: await idImages() },
    ];
    const answers = await Promise.all(forms.map((form) => upload("personal-id", user.token, form)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const rows = await idRows(user.id);
    expect(rows).toHaveLength(2);
    // Both answered with their documents; the later commit replaced the earlier one's.
    const answeredIds = answers.flatMap((answer) =>
      (answer.body as unknown as { documents: { id: string }[] }).documents.map((document) => document.id),
    );
    expect(answeredIds.filter((id) => rows.some((row) => row.id === id))).toHaveLength(2);
    const added = [...storedKeys()].filter((key) => !before.has(key));
    expect(added.sort()).toEqual(rows.map((row) => row.storageKey).sort());
  });
});

describe("API description", () => {
  it("documents both upload routes as multipart and the documents list", async () => {
    const response = await t.app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    const spec = (await response.json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    for (const route of ["/api/upload/personal-id", "/api/upload/company-id"]) {
      expect(Object.keys(spec.paths[route]?.post?.requestBody?.content ?? {})).toEqual([
        "multipart/form-data",
      ]);
    }
    expect(spec.paths["/api/documents/mine"]?.get).toBeDefined();
  });
});

describe("uploads over a real socket", () => {
  let origin: { host: string; port: number };
  let server: ReturnType<typeof serve>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
    });
    const address = server.address() as AddressInfo;
    origin = { host: "127.0.0.1", port: address.port };
  });

  afterAll(
    () =>
      new Promise<void>((resolve) => {
        // Sockets the tests left open (a client that hung up mid-file) must not hold the close.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  );

  type RawAnswer = { status: number | null; head: string; body: string; written: number; error?: string };

  /**
   * Writes a raw HTTP/1.1 request (headers as given, nothing added) and then `body` in 64 KB
   * pieces, as fast as the socket takes them, until the server answers or closes. Returns what
   * came back and how many body bytes the socket accepted.
   */
  function rawRequest(headers: string[], body: () => Buffer | null): Promise<RawAnswer> {
    return new Promise((resolve) => {
      const socket = net.connect(origin.port, origin.host);
      let received = "";
      let written = 0;
      let done = false;
      const finish = (error?: string) => {
        if (done) return;
        done = true;
        socket.destroy();
        const [head = "", rest = ""] = received.split("\r\n\r\n");
        const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
        resolve({
          status: status ? Number(status) : null,
          head,
          body: rest,
          written,
          ...(error ? { error } : {}),
        });
      };
      const pump = () => {
        while (!done) {
          const chunk = body();
          if (!chunk) return;
          written += chunk.length;
          if (!socket.write(chunk)) {
            socket.once("drain", pump);
            return;
          }
        }
      };
      socket.on("connect", () => {
        socket.write(`${headers.join("\r\n")}\r\n\r\n`);
        pump();
      });
      socket.on("data", (data) => {
        received += data.toString("latin1");
        // One answer is all we wait for.
        const [head, rest] = received.split("\r\n\r\n");
        const length = /content-length: (\d+)/i.exec(head ?? "")?.[1];
        if (rest !== undefined && length !== undefined && Buffer.byteLength(rest, "latin1") >= Number(length))
          finish();
      });
      socket.on("error", (error) => finish((error as NodeJS.ErrnoException).code ?? error.message));
      socket.on("close", () => finish("closed"));
    });
  }

  const requestLine = (token: string, extra: string[]) => [
    "POST /api/upload/personal-id HTTP/1.1",
    `Host: ${origin.host}:${origin.port}`,
    `Authorization: Bearer ${token}`,
    `Content-Type: ${CONTENT_TYPE}`,
    ...extra,
  ];

  /** A form whose front goes on forever. */
  async function endlessForm() {
    const head = Buffer.concat([
      multipart({ fields: personalFields() }).subarray(0, -`--${BOUNDARY}--\r\n`.length),
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="front"; filename="front.jpg"\r\n` +
          "Content-Type: image/jpeg\r\n\r\n",
      ),
      (await jpeg()).subarray(0, 20),
    ]);
    const filler = Buffer.alloc(64 * 1024, 0x41);
    let first = true;
    return () => {
      if (first) {
        first = false;
        return head;
      }
      return filler;
    };
  }

  it("answers a sent-in-full 10 MB + 1 byte upload with 413 and closes the connection", async () => {
    const user = await member("personal");
    const body = multipart({
      fields: personalFields({ hasBackside: "false" }),
      files: [{ name: "front", filename: "big.jpg", data: await jpegOfSize(ID_IMAGE_MAX_BYTES + 1) }],
    });
    let sent = false;
    await expectNothingStored(user.id, async () => {
      const answer = await rawRequest(requestLine(user.token, [`Content-Length: ${body.length}`]), () => {
        if (sent) return null;
        sent = true;
        return body;
      });
      expect(answer.error === undefined ? answer.status : 413).toBe(413);
      if (answer.status !== null) {
        expect(answer.head.toLowerCase()).toContain("connection: close");
        expect(JSON.parse(answer.body).error).toEqual(fileTooLarge);
      }
    });
  });

  it("answers an endless chunked upload with 413 and stops reading it", async () => {
    const user = await member("personal");
    const next = await endlessForm();
    await expectNothingStored(user.id, async () => {
      const answer = await rawRequest(requestLine(user.token, ["Transfer-Encoding: chunked"]), () => {
        const chunk = next();
        return Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
      });
      // The answer, or (if the close overtook it) a closed connection; never an endless read.
      if (answer.status !== null) {
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.body).error).toEqual(fileTooLarge);
      } else {
        expect(answer.error).toBeDefined();
      }
      // The limit, plus what the socket buffers hold.
      expect(answer.written).toBeLessThan(ID_IMAGE_MAX_BYTES + 16 * 1024 * 1024);
    });
  });

  it("never reads past a false small Content-Length: the truncated form is refused, the rest dropped", async () => {
    const user = await member("personal");
    const next = await endlessForm();
    let sent = 0;
    await expectNothingStored(user.id, async () => {
      const answer = await rawRequest(requestLine(user.token, ["Content-Length: 2048"]), () => {
        if (sent > 12 * 1024 * 1024) return null;
        const chunk = next();
        sent += chunk.length;
        return chunk;
      });
      // The server reads 2048 bytes as the body (an incomplete form: 400) and the rest as a next
      // request, which it refuses by closing the connection; it never treats them as the upload.
      expect(answer.status === null || answer.status === 400 || answer.status === 413).toBe(true);
      expect(answer.status).not.toBe(201);
    });
    const health = await fetch(`http://${origin.host}:${origin.port}/api/health`);
    expect(health.status).toBe(200);
  });

  it("refuses a declared length over the limit before the body is sent", async () => {
    const user = await member("personal");
    const answer = await rawRequest(
      requestLine(user.token, [`Content-Length: ${2 * ID_IMAGE_MAX_BYTES + 64 * 1024 + 1}`]),
      () => null,
    );
    expect(answer.status).toBe(413);
    expect(answer.head.toLowerCase()).toContain("connection: close");
    expect(answer.written).toBe(0);
  });

  it("cleans up after a client that hangs up in the middle of a file", async () => {
    const user = await member("personal");
    const before = storedKeys();
    const body = multipart({
      fields: personalFields(),
      files: [
        { name: "front", filename: "front.jpg", data: await jpeg(), type: "image/jpeg" },
        { name: "back", filename: "back.jpg", data: await jpegOfSize(4 * 1024 * 1024), type: "image/jpeg" },
      ],
    });
    const socket = net.connect(origin.port, origin.host);
    await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
    socket.write(`${requestLine(user.token, [`Content-Length: ${body.length}`]).join("\r\n")}\r\n\r\n`);
    socket.write(body.subarray(0, Math.floor(body.length / 2)));
    // Wait until the front is stored and the back is on its way, then hang up.
    // Generous bounds: on a loaded two-core machine re-encoding the front can take seconds.
    const stored = Date.now() + 30_000;
    while (Date.now() < stored && storedKeys().size === before.size) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(storedKeys().size).toBe(before.size + 1);
    socket.destroy();

    // The server notices, stops, and removes the front it had already stored.
    const deadline = Date.now() + 30_000;
    while (
      Date.now() < deadline &&
      (storedKeys().size !== before.size || fs.readdirSync(scratchRoot).length)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(storedKeys()).toEqual(before);
    expect(fs.readdirSync(scratchRoot)).toEqual([]);
    expect(await idRows(user.id)).toEqual([]);
  }, 90_000);

  it("accepts a normal upload over the socket", async () => {
    const user = await member("personal");
    const body = multipart({ fields: personalFields(), files: await idImages() });
    let sent = false;
    const answer = await rawRequest(requestLine(user.token, [`Content-Length: ${body.length}`]), () => {
      if (sent) return null;
      sent = true;
      return body;
    });
    expect(answer.status).toBe(201);
    expect(await idRows(user.id)).toHaveLength(2);
  });
});

describe("slow uploads over a real socket", () => {
  // Short limits, so the tests take seconds: the idle guard's and the whole request's. The
  // test's client shares this process with the server, so its pauses keep well inside them.
  const IDLE_MS = 1_000;
  const REQUEST_TIMEOUT_SECONDS = 3;
  const servers: ReturnType<typeof serve>[] = [];

  /** The API with the short idle limit on a port of its own, with main.ts's server options. */
  async function listen(requestTimeoutSeconds = DEFAULT_REQUEST_TIMEOUT_SECONDS, bodyIdleMs = IDLE_MS) {
    const app = createApp({ ...t.deps, config: { ...t.deps.config, bodyIdleMs } });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve(
        {
          fetch: app.fetch,
          port: 0,
          hostname: "127.0.0.1",
          serverOptions: apiServerOptions(requestTimeoutSeconds),
        },
        () => resolve(started),
      );
    });
    servers.push(server);
    return (server.address() as AddressInfo).port;
  }

  afterAll(async () => {
    for (const server of servers) {
      (server as unknown as { closeAllConnections(): void }).closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  type Answer = { status: number | null; head: string; body: string; closed: boolean; ms: number };

  /**
   * Writes the request head, then each piece `gapMs` after the one before, and stops when the
   * pieces run out (the body may be incomplete on purpose). Resolves once the server has
   * answered and closed the connection, or `waitMs` after the last piece.
   */
  function drip(port: number, head: string[], pieces: Buffer[], gapMs: number, waitMs = 20_000) {
    return new Promise<Answer>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      const started = performance.now();
      let received = "";
      let done = false;
      const timers: NodeJS.Timeout[] = [];
      const finish = (closed: boolean) => {
        if (done) return;
        done = true;
        for (const timer of timers) clearTimeout(timer);
        socket.destroy();
        const [answerHead = "", rest = ""] = received.split("\r\n\r\n");
        const status = /^HTTP\/1\.1 (\d{3})/.exec(answerHead)?.[1];
        resolve({
          status: status ? Number(status) : null,
          head: answerHead,
          body: rest,
          closed,
          ms: performance.now() - started,
        });
      };
      socket.on("connect", () => {
        socket.write(`${head.join("\r\n")}\r\n\r\n`);
        pieces.forEach((piece, index) => {
          timers.push(
            setTimeout(() => {
              if (!done && socket.writable) socket.write(piece);
              if (index === pieces.length - 1) timers.push(setTimeout(() => finish(false), waitMs));
            }, index * gapMs),
          );
        });
      });
      socket.on("data", (data) => {
        received += data.toString("latin1");
        // A complete answer that keeps the connection is all there is to wait for.
        const [answerHead, rest] = received.split("\r\n\r\n");
        const length = /content-length: (\d+)/i.exec(answerHead ?? "")?.[1];
        const complete =
          rest !== undefined && length !== undefined && Buffer.byteLength(rest, "latin1") >= Number(length);
        if (complete && !/connection: close/i.test(answerHead ?? "")) finish(false);
      });
      socket.on("error", () => {});
      socket.on("close", () => finish(true));
    });
  }

  const uploadHead = (port: number, token: string, length: number) => [
    "POST /api/upload/personal-id HTTP/1.1",
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${token}`,
    `Content-Type: ${CONTENT_TYPE}`,
    `Content-Length: ${length}`,
  ];

  const piecesOf = (body: Buffer, size: number) =>
    Array.from({ length: Math.ceil(body.length / size) }, (_unused, index) =>
      body.subarray(index * size, (index + 1) * size),
    );

  /** Waits until nothing of the upload is left (the server cleans up once the client is gone). */
  async function expectCleanedUp(userId: string, before: Set<string>) {
    const deadline = Date.now() + 30_000;
    while (
      Date.now() < deadline &&
      (storedKeys().size !== before.size || fs.readdirSync(scratchRoot).length)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(storedKeys()).toEqual(before);
    expect(strayFiles()).toEqual([]);
    expect(fs.readdirSync(scratchRoot)).toEqual([]);
    expect(await idRows(userId)).toEqual([]);
  }

  it("answers an upload that stops arriving with 408 after the idle time, closes the connection and keeps nothing", async () => {
    const port = await listen();
    const owner = await member("personal");
    const body = multipart({
      fields: personalFields(),
      files: [
        { name: "front", filename: "front.jpg", data: await jpeg(), type: "image/jpeg" },
        { name: "back", filename: "back.jpg", data: await jpegOfSize(2 * 1024 * 1024), type: "image/jpeg" },
      ],
    });
    const before = storedKeys();
    // The fields, the whole front (stored before the back is read) and half the back; then nothing.
    const answer = await drip(
      port,
      uploadHead(port, owner.token, body.length),
      [body.subarray(0, Math.floor(body.length / 2))],
      0,
    );

    expect(answer.status).toBe(408);
    expect(answer.head.toLowerCase()).toContain("connection: close");
    expect(JSON.parse(answer.body).error).toEqual({
      code: "REQUEST_TIMEOUT",
      reason: "bodyStoppedArriving",
      message: "The request stopped arriving. Please check your connection and try again.",
    });
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeGreaterThanOrEqual(IDLE_MS);
    await expectCleanedUp(owner.id, before);
  }, 60_000);

  it("cuts a drip of a few bytes at a time, never silent for long, at the request timeout, keeping nothing", async () => {
    // The idle guard out of the way: only the request's own limit may end this one.
    const port = await listen(REQUEST_TIMEOUT_SECONDS, 60_000);
    const owner = await member("personal");
    const body = multipart({ fields: personalFields(), files: await idImages() });
    const before = storedKeys();
    // 16 bytes every 100 ms: the idle guard never fires, so only the request's own limit ends it.
    const answer = await drip(port, uploadHead(port, owner.token, body.length), piecesOf(body, 16), 100);

    expect(answer.status).toBe(408);
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_SECONDS * 1000);
    expect(answer.ms).toBeLessThan(REQUEST_TIMEOUT_SECONDS * 1000 + 5_000);
    await expectCleanedUp(owner.id, before);
  }, 60_000);

  it("accepts a 10 MB upload that arrives slowly but steadily, taking several times the idle time", async () => {
    const port = await listen();
    const owner = await member("personal");
    const body = multipart({
      fields: personalFields(),
      files: [
        {
          name: "front",
          filename: "front.jpg",
          data: await jpegOfSize(ID_IMAGE_MAX_BYTES),
          type: "image/jpeg",
        },
        { name: "back", filename: "back.png", data: await png() },
      ],
    });
    const pieces = piecesOf(body, Math.ceil(body.length / 20));
    const answer = await drip(port, uploadHead(port, owner.token, body.length), pieces, IDLE_MS / 4);

    expect(answer.status).toBe(201);
    expect(answer.ms).toBeGreaterThan(4 * IDLE_MS);
    expect(await idRows(owner.id)).toHaveLength(2);
  }, 60_000);
});

describe("GET /api/documents/mine", () => {
  type Listed = {
    id: string;
    side: string;
    originalFilename: string;
    signedUrl: string;
    contentType: string;
  };
  const mine = async (token: string) => {
    const answer = await call(t.app, "GET", "/api/documents/mine", { token });
    expect(answer.status).toBe(200);
    return (answer.body as unknown as { documents: Listed[] }).documents;
  };

  it("lists only the caller's documents, with working short-lived URLs", async () => {
    const alice = await member("personal");
    const bob = await member("company");
    expect(
      (await upload("personal-id", alice.token, { fields: personalFields(), files: await idImages() }))
        .status,
    ).toBe(201);
    expect(
      (
        await upload("company-id", bob.token, {
          fields: { idType: "company_id_card", idNumber: "B-1", expiryDate: inOneYear() },
          files: await idImages(),
        })
      ).status,
    ).toBe(201);

    const aliceDocuments = await mine(alice.token);
    const bobDocuments = await mine(bob.token);
    const aliceRows = await idRows(alice.id);
    const bobRows = await idRows(bob.id);
    expect(aliceDocuments.map((document) => document.id).sort()).toEqual(
      aliceRows.map((row) => row.id).sort(),
    );
    expect(bobDocuments.map((document) => document.id).sort()).toEqual(bobRows.map((row) => row.id).sort());
    expect(aliceDocuments.map((document) => document.side)).toEqual(["front", "back"]);
    // Nothing of Bob's in Alice's answer: not an id, not a storage key, not a URL.
    const aliceText = JSON.stringify(aliceDocuments);
    for (const row of bobRows) {
      expect(aliceText).not.toContain(row.id);
      expect(aliceText).not.toContain(row.storageKey);
    }
    expect(aliceText).not.toContain("C01X00T47");

    const front = aliceDocuments[0] as Listed;
    const url = new URL(front.signedUrl, "http://localhost");
    expect(Number(url.searchParams.get("exp")) * 1000 - Date.now()).toBeLessThanOrEqual(300_000);
    const download = await t.app.request(`${url.pathname}${url.search}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(sha256(bytes)).toBe(aliceRows.find((row) => row.id === front.id)?.sha256);
  });

  it("needs a login", async () => {
    expect((await call(t.app, "GET", "/api/documents/mine")).status).toBe(401);
  });
});
