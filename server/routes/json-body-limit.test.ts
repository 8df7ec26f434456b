import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BODY_MAX_BYTES } from "../../lib/body-limits";
import { loginOk } from "../testing/auth-api";
import { createMember, createReferrer } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const TWENTY_MB = 20 * 1024 * 1024;

/**
 * A body of `total` bytes handed out 64 KB at a time, only as the reader asks: `pulled` is how
 * much the API read, `cancelled` whether it gave the rest up.
 */
function countingBody(total: number, fill = 0x20) {
  const chunk = new Uint8Array(64 * 1024).fill(fill);
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // A JSON string that never closes: only its size can decide the answer.
      controller.enqueue(new TextEncoder().encode('{"label":"'));
    },
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      state.pulled += chunk.length;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

const send = (path: string, token: string, body: BodyInit, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
    body,
    duplex: "half",
  } as RequestInit);

describe("the default body cap on every route", () => {
  it("refuses 20 MB streamed (chunked) to a member route with 413 soon after 64 KB, the rest unread", async () => {
    const owner = await createReferrer(t.app, db());
    const { stream, state } = countingBody(TWENTY_MB);
    const started = performance.now();

    const response = await send("/api/referral/create", owner.token, stream);

    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
    expect(response.headers.get("connection")).toBe("close");
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(DEFAULT_BODY_MAX_BYTES + 256 * 1024);
  });

  it("refuses a declared Content-Length over 64 KB before reading the body", async () => {
    const owner = await createReferrer(t.app, db());
    const { stream, state } = countingBody(TWENTY_MB);

    const response = await send("/api/referral/create", owner.token, stream, {
      "content-length": String(TWENTY_MB),
    });

    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
    // At most what the stream queued by itself before anyone read it.
    expect(state.pulled).toBeLessThanOrEqual(64 * 1024);
  });

  it("reads a body just under the cap and lets the route judge it", async () => {
    const owner = await createReferrer(t.app, db());
    const label = "x".repeat(DEFAULT_BODY_MAX_BYTES - 100);

    const response = await send("/api/referral/create", owner.token, JSON.stringify({ label }));

    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
  });

  it("caps a body before the caller is known, and on paths no route answers", async () => {
    for (const path of ["/api/referral/deactivate", "/api/no-such-route"]) {
      const { stream, state } = countingBody(TWENTY_MB);
      const response = await t.app.request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);

      expect(response.status, path).toBe(413);
      expect(state.pulled, path).toBeLessThan(DEFAULT_BODY_MAX_BYTES + 256 * 1024);
    }
  });
});

describe("a body that breaks off", () => {
  it("is refused with 400 and its reason, not a 500", async () => {
    const owner = await createReferrer(t.app, db());
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"label":"'));
      },
      pull(controller) {
        controller.error(new Error("the client hung up"));
      },
    });

    const response = await send("/api/referral/create", owner.token, body);

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "BAD_REQUEST",
        reason: "requestBodyIncomplete",
        message: "The request body was incomplete.",
      },
    });
  });
});

describe("routes with a cap of their own", () => {
  const BOUNDARY = "----body-cap-test-boundary";

  /** A JPEG of about `size` bytes: a small image with a comment segment (FF FE) of filler. */
  async function largeJpeg(size: number): Promise<Buffer> {
    const image = await sharp({
      create: { width: 32, height: 32, channels: 3, background: { r: 40, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const segments: Buffer[] = [];
    for (let left = size; left > 0; left -= 65_000) {
      const segment = Buffer.alloc(Math.min(left, 65_000) + 4, 0x41);
      segment[0] = 0xff;
      segment[1] = 0xfe;
      segment.writeUInt16BE(segment.length - 2, 2);
      segments.push(segment);
    }
    return Buffer.concat([image.subarray(0, 2), ...segments, image.subarray(2)]);
  }

  function idForm(front: Buffer): Buffer {
    const expiry = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const fields = { idType: "passport", idNumber: "C01X00T47", expiryDate: expiry, hasBackside: "false" };
    return Buffer.concat([
      ...Object.entries(fields).map(([name, value]) =>
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="front"; filename="front.jpg"\r\n` +
          "Content-Type: image/jpeg\r\n\r\n",
      ),
      front,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
  }

  it("still takes a 300 KB ID upload, declared or streamed", async () => {
    const form = idForm(await largeJpeg(300 * 1024));
    expect(form.length).toBeGreaterThan(4 * DEFAULT_BODY_MAX_BYTES);

    for (const chunked of [false, true]) {
      const member = await createMember(db());
      const { accessToken } = await loginOk(t.app, member.email, member.password);
      let offset = 0;
      const body = chunked
        ? new ReadableStream<Uint8Array>({
            pull(controller) {
              if (offset >= form.length) return controller.close();
              controller.enqueue(new Uint8Array(form.subarray(offset, offset + 64 * 1024)));
              offset += 64 * 1024;
            },
          })
        : form;
      const response = await t.app.request("/api/upload/personal-id", {
        method: "POST",
        headers: {
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
          authorization: `Bearer ${accessToken}`,
          ...(chunked ? {} : { "content-length": String(form.length) }),
        },
        body,
        duplex: "half",
      } as RequestInit);

      expect(response.status, chunked ? "chunked" : "declared").toBe(201);
    }
  });
});
