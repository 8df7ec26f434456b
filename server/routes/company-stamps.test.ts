import type { AddressInfo } from "node:net";
import net from "node:net";
import zlib from "node:zlib";
import { serve } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { STAMP_MAX_BYTES } from "../../lib/constants";
import type { CompanyStamp } from "../../lib/schemas/contracts";
import { auditLog, companyStamps } from "../db/schema";
import { call, loginOk, post } from "../testing/auth-api";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The stamp is one row for the whole platform: every test starts without one.
beforeEach(async () => {
  await db().delete(companyStamps);
});

// ---------------------------------------------------------------------------------------------
// Images

const picture = (width = 120, height = 80) =>
  sharp({ create: { width, height, channels: 4, background: { r: 180, g: 20, b: 40, alpha: 0.8 } } });

const pngOf = (width?: number, height?: number) => picture(width, height).png().toBuffer();
const jpegOf = () =>
  picture()
    .flatten({ background: "#ffffff" })
    .jpeg()
    // EXIF with a camera and a comment: must not survive the re-encoding.
    .withExif({ IFD0: { Make: "StampCam", ImageDescription: "secret-comment" } })
    .toBuffer();
const webpOf = () => picture().webp().toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of exactly `size` bytes: a tEXt chunk (metadata) after the header pads it. */
async function pngOfSize(size: number): Promise<Buffer> {
  const base = await pngOf(32, 32);
  const signatureAndHeader = base.subarray(0, 8 + 25); // signature + IHDR chunk
  const padding = size - base.length - 12; // chunk framing: length, type, CRC
  const text = Buffer.concat([Buffer.from("Comment\0", "latin1"), Buffer.alloc(padding - 8, 0x41)]);
  const result = Buffer.concat([signatureAndHeader, pngChunk("tEXt", text), base.subarray(33)]);
  expect(result.length).toBe(size);
  return result;
}

/** A few hundred bytes declaring a 30000 × 30000 canvas: a pixel bomb. */
function pixelBombPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(4096))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;

// ---------------------------------------------------------------------------------------------
// Callers

async function loggedIn(role: "user" | "admin" | "super_admin") {
  const created = await createMember(db(), { role });
  const { accessToken } = await loginOk(t.app, created.email, created.password);
  return { ...created, token: accessToken };
}

let admin: Awaited<ReturnType<typeof loggedIn>>;
beforeAll(async () => {
  admin = await loggedIn("admin");
});

type StampAnswer = { stamp: CompanyStamp };
const uploadStamp = (body: Record<string, unknown>, token = admin.token) =>
  post(t.app, "/api/company-stamps", body, { token });
const stampOf = (answer: { body: unknown }) => (answer.body as StampAnswer).stamp;

/** The PNG the API stores, read back from the preview data URI. */
const previewBytes = (stamp: CompanyStamp) => {
  expect(stamp.previewDataUri.startsWith("data:image/png;base64,")).toBe(true);
  return Buffer.from(stamp.previewDataUri.slice("data:image/png;base64,".length), "base64");
};

const auditActions = async (actorUserId: string) =>
  (
    await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, actorUserId)))
  ).map((row) => row.action);

// ---------------------------------------------------------------------------------------------

describe("company stamp: access", () => {
  it("is for admins only: members get 403, callers without a token 401", async () => {
    const member = await loggedIn("user");
    const image = dataUrl(await pngOf());
    for (const [method, path, body] of [
      ["GET", "/api/company-stamps/mine", undefined],
      ["GET", "/api/company-stamps/mine/active", undefined],
      ["POST", "/api/company-stamps", { base64: image }],
      ["PATCH", "/api/company-stamps/1/activate", undefined],
      ["DELETE", "/api/company-stamps/1", undefined],
    ] as const) {
      expect(
        (await call(t.app, method, path, { body, token: member.token })).status,
        `${method} ${path}`,
      ).toBe(403);
      expect((await call(t.app, method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    expect(await db().select().from(companyStamps)).toEqual([]);
  });

  it("lets a super admin upload too", async () => {
    const superAdmin = await loggedIn("super_admin");
    expect((await uploadStamp({ base64: dataUrl(await pngOf()) }, superAdmin.token)).status).toBe(201);
  });
});

describe("POST /api/company-stamps", () => {
  it.each([
    ["PNG as a data URL", async () => dataUrl(await pngOf())],
    ["PNG as raw base64", async () => (await pngOf()).toString("base64")],
    ["JPEG", async () => dataUrl(await jpegOf(), "image/jpeg")],
    ["WEBP", async () => dataUrl(await webpOf(), "image/webp")],
  ])("accepts %s and stores it re-encoded as PNG", async (_label, make) => {
    const answer = await uploadStamp({ base64: await make(), label: "  Firmenstempel  ", activate: true });

    expect(answer.status).toBe(201);
    const stamp = stampOf(answer);
    expect(stamp).toMatchObject({ id: 1, label: "Firmenstempel", mimeType: "image/png", isActive: true });
    const stored = previewBytes(stamp);
    expect(stamp.sizeBytes).toBe(stored.length);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: "png", width: 120, height: 80 });
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("secret-comment"))).toBe(false);

    const [row] = await db().select().from(companyStamps);
    expect(row?.image.equals(stored)).toBe(true);
    expect(row?.createdBy).toBe(admin.id);
  });

  it("keeps a stamp of exactly 500 KB and strips its text chunk", async () => {
    const image = await pngOfSize(STAMP_MAX_BYTES);
    expect(image.includes(Buffer.from("Comment"))).toBe(true);

    const answer = await uploadStamp({ base64: dataUrl(image) });

    expect(answer.status).toBe(201);
    const stored = previewBytes(stampOf(answer));
    expect(stored.includes(Buffer.from("Comment"))).toBe(false);
    expect(stampOf(answer).isActive).toBe(false);
  });

  it("refuses 500 KB + 1 decoded byte with 413 and stores nothing", async () => {
    const answer = await uploadStamp({ base64: dataUrl(await pngOfSize(STAMP_MAX_BYTES + 1)) });

    expect(answer.status).toBe(413);
    expect(answer.body.error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      reason: "stampTooLarge",
      message: "File too large (max. 500 KB).",
    });
    expect(await db().select().from(companyStamps)).toEqual([]);
  });

  it("refuses a 5 MB body with 413 without reading it all", async () => {
    const body = JSON.stringify({ base64: "A".repeat(5 * 1024 * 1024) });
    const started = performance.now();
    const response = await t.app.request("/api/company-stamps", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": String(body.length),
        authorization: `Bearer ${admin.token}`,
      },
      body,
    });
    expect(response.status).toBe(413);
    // Refused by the route's body limit, with the stamp's own reason.
    expect(((await response.json()) as { error: unknown }).error).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      reason: "stampTooLarge",
      message: "File too large (max. 500 KB).",
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("refuses a 5 MB chunked body (no length) with 413", async () => {
    const data = new TextEncoder().encode(JSON.stringify({ base64: "A".repeat(5 * 1024 * 1024) }));
    let offset = 0;
    let served = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= data.length) return controller.close();
        const chunk = data.subarray(offset, offset + 64 * 1024);
        offset += chunk.length;
        served += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await t.app.request("/api/company-stamps", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${admin.token}` },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    // Reading stopped soon after the limit (about 770 KB), far from the 5 MB sent.
    expect(served).toBeLessThan(1024 * 1024);
  });

  it.each([
    ["an HTML page declared as PNG", dataUrl(Buffer.from("<html><script>alert(1)</script></html>"))],
    [
      "an HTML page as raw base64 with mimeType image/png",
      Buffer.from("<!doctype html><p>stamp</p>").toString("base64"),
    ],
    [
      "a GIF",
      dataUrl(Buffer.from("R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==", "base64"), "image/gif"),
    ],
    ["a PDF", dataUrl(Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n"), "image/png")],
    ["text that is not base64", "this is not base64 at all!"],
  ])("refuses %s with 415", async (_label, base64) => {
    const answer = await uploadStamp({ base64, mimeType: "image/png" });
    expect(answer.status).toBe(415);
    expect(answer.body.error).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      reason: "stampInvalidType",
      message: "Invalid file type. Allowed: PNG, JPG, WEBP.",
    });
    expect(await db().select().from(companyStamps)).toEqual([]);
  });

  it("refuses a pixel bomb with 422", async () => {
    const answer = await uploadStamp({ base64: dataUrl(pixelBombPng()) });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({
      code: "VALIDATION_FAILED",
      reason: "imageTooManyPixels",
      message: "The image is too large to process.",
    });
    expect(await db().select().from(companyStamps)).toEqual([]);
  });

  it("refuses a body without base64 with 422", async () => {
    const answer = await uploadStamp({ label: "no image" });
    expect(answer.status).toBe(422);
  });
});

describe("one stamp only", () => {
  it("answers a second upload with 409 STAMP_EXISTS and the existing stamp", async () => {
    const first = await uploadStamp({ base64: dataUrl(await pngOf()), label: "Erster" });
    expect(first.status).toBe(201);

    const second = await uploadStamp({ base64: dataUrl(await webpOf()), label: "Zweiter" });

    expect(second.status).toBe(409);
    // The code says it all: its own sentence, no reason beside it.
    expect(second.body.error).toMatchObject({
      code: "STAMP_EXISTS",
      message: "A company stamp already exists (ID 1). Delete it first to upload a new one.",
    });
    expect(second.body.error).not.toHaveProperty("reason");
    expect(second.body.error?.details).toEqual({ stamp: stampOf(first) });
    const rows = await db().select().from(companyStamps);
    expect(rows.map((row) => row.label)).toEqual(["Erster"]);
  });

  it("lets exactly one of several parallel uploads win", async () => {
    const images = await Promise.all([pngOf(), pngOf(60, 60), pngOf(90, 30), pngOf(10, 10), pngOf(70, 20)]);

    const answers = await Promise.all(
      images.map((image, index) => uploadStamp({ base64: dataUrl(image), label: `parallel ${index}` })),
    );

    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const winner = stampOf(answers.find((answer) => answer.status === 201) ?? { body: {} });
    for (const loser of answers.filter((answer) => answer.status === 409)) {
      expect(loser.body.error?.details).toEqual({ stamp: winner });
    }
    expect(await db().select({ id: companyStamps.id }).from(companyStamps)).toEqual([{ id: 1 }]);
  });
});

describe("listing, activating and deleting", () => {
  it("lists the stamp, activates it, deletes it, and then takes a new one", async () => {
    const actor = await loggedIn("admin");
    expect((await call(t.app, "GET", "/api/company-stamps/mine", { token: actor.token })).body).toEqual({
      stamps: [],
    });

    const uploaded = stampOf(await uploadStamp({ base64: dataUrl(await pngOf()) }, actor.token));
    expect(uploaded.isActive).toBe(false);
    expect((await call(t.app, "GET", "/api/company-stamps/mine", { token: actor.token })).body).toEqual({
      stamps: [uploaded],
    });
    expect(
      (await call(t.app, "GET", "/api/company-stamps/mine/active", { token: actor.token })).body,
    ).toEqual({
      stamp: null,
    });

    const activated = await call(t.app, "PATCH", "/api/company-stamps/1/activate", { token: actor.token });
    expect(activated.status).toBe(200);
    expect(stampOf(activated)).toEqual({ ...uploaded, isActive: true });
    expect(
      (await call(t.app, "GET", "/api/company-stamps/mine/active", { token: actor.token })).body,
    ).toEqual({
      stamp: { ...uploaded, isActive: true },
    });

    const deleted = await call(t.app, "DELETE", "/api/company-stamps/1", { token: actor.token });
    expect(deleted.status).toBe(204);
    expect((await call(t.app, "GET", "/api/company-stamps/mine", { token: actor.token })).body).toEqual({
      stamps: [],
    });
    expect(
      (await call(t.app, "GET", "/api/company-stamps/mine/active", { token: actor.token })).body,
    ).toEqual({
      stamp: null,
    });

    const again = await uploadStamp({ base64: dataUrl(await jpegOf(), "image/jpeg") }, actor.token);
    expect(again.status).toBe(201);

    expect(await auditActions(actor.id)).toEqual(
      expect.arrayContaining(["stamp.uploaded", "stamp.activated", "stamp.deleted"]),
    );
    expect((await auditActions(actor.id)).filter((action) => action === "stamp.uploaded")).toHaveLength(2);
  });

  it("answers 404 for a stamp that does not exist", async () => {
    for (const path of [
      "/api/company-stamps/1/activate",
      "/api/company-stamps/2/activate",
      "/api/company-stamps/x/activate",
    ]) {
      expect((await call(t.app, "PATCH", path, { token: admin.token })).status, path).toBe(404);
    }
    for (const path of ["/api/company-stamps/1", "/api/company-stamps/abc"]) {
      const answer = await call(t.app, "DELETE", path, { token: admin.token });
      expect(answer.status, path).toBe(404);
      expect(answer.body.error, path).toMatchObject({
        reason: "stampNotFound",
        message: "No company stamp with this id.",
      });
    }
  });
});

describe("stamp uploads over a real socket", () => {
  let port: number;
  let server: ReturnType<typeof serve>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  );

  /**
   * Sends the request head, then body pieces from `next` as fast as the socket takes them, until
   * the server answers; returns the status line, the head and how many body bytes were written.
   */
  function rawRequest(head: string[], next: () => Buffer | null) {
    return new Promise<{ status: number | null; head: string; written: number }>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let received = "";
      let written = 0;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        socket.destroy();
        const answerHead = received.split("\r\n\r\n")[0] ?? "";
        const status = /^HTTP\/1\.1 (\d{3})/.exec(answerHead)?.[1];
        resolve({ status: status ? Number(status) : null, head: answerHead, written });
      };
      const pump = () => {
        while (!done) {
          const chunk = next();
          if (!chunk) return;
          written += chunk.length;
          if (!socket.write(chunk)) {
            socket.once("drain", pump);
            return;
          }
        }
      };
      socket.on("connect", () => {
        socket.write(`${head.join("\r\n")}\r\n\r\n`);
        pump();
      });
      socket.on("data", (data) => {
        received += data.toString("latin1");
        if (received.includes("\r\n\r\n")) finish();
      });
      socket.on("error", finish);
      socket.on("close", finish);
    });
  }

  const head = (extra: string[]) => [
    "POST /api/company-stamps HTTP/1.1",
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${admin.token}`,
    "Content-Type: application/json",
    ...extra,
  ];

  it("refuses a declared 5 MB body at once, without waiting for it", async () => {
    const started = performance.now();
    const answer = await rawRequest(head([`Content-Length: ${5 * 1024 * 1024}`]), () => null);
    expect(answer.status).toBe(413);
    expect(answer.head.toLowerCase()).toContain("connection: close");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("stops reading an endless chunked body soon after the limit", async () => {
    const piece = Buffer.alloc(64 * 1024, 0x41);
    let first = true;
    const answer = await rawRequest(head(["Transfer-Encoding: chunked"]), () => {
      const data = first ? Buffer.concat([Buffer.from('{"base64":"'), piece]) : piece;
      first = false;
      return Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]);
    });
    expect(answer.status).toBe(413);
    // The body never ends, so the answer proves it was refused while streaming (loopback socket
    // buffers take a few MB before the client notices).
    expect(answer.written).toBeLessThan(8 * 1024 * 1024);
    expect(await db().select().from(companyStamps)).toEqual([]);
  });
});
