import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BodyIdleError, guardBodyIdle, readBodyWithin } from "./body-idle";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// Generous against the event loop's lag on a busy machine (the client runs in this process).
const IDLE_MS = 400;

/** Reads `stream` to its end or error; `pauseMs` after the first chunk, as a re-encode would. */
function consume(stream: NodeJS.ReadableStream, pauseMs = 0) {
  return new Promise<{ bytes: number; error?: Error; ms: number }>((resolve) => {
    const started = performance.now();
    let bytes = 0;
    let paused = false;
    const sink = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        if (pauseMs && !paused) {
          paused = true;
          setTimeout(callback, pauseMs);
          return;
        }
        callback();
      },
    });
    stream.on("error", (error) => resolve({ bytes, error, ms: performance.now() - started }));
    sink.on("finish", () => resolve({ bytes, ms: performance.now() - started }));
    stream.pipe(sink);
  });
}

describe("request body idle guard", () => {
  it("fails a body that stops arriving with BodyIdleError (408) after the idle time", async () => {
    const client = new PassThrough();
    const result = consume(guardBodyIdle(client, IDLE_MS));
    client.write(Buffer.alloc(100));

    const { bytes, error, ms } = await result;
    expect(bytes).toBe(100);
    expect(error).toBeInstanceOf(BodyIdleError);
    expect((error as BodyIdleError).status).toBe(408);
    expect((error as BodyIdleError).code).toBe("REQUEST_TIMEOUT");
    expect(ms).toBeGreaterThanOrEqual(IDLE_MS - 20);
  });

  it("lets a slow but steady body through, however long it takes in all", async () => {
    const client = new PassThrough();
    const result = consume(guardBodyIdle(client, IDLE_MS));
    // Three times the idle time in all, never silent for a quarter of it.
    for (let piece = 0; piece < 12; piece++) {
      client.write(Buffer.alloc(10));
      await sleep(IDLE_MS / 4);
    }
    client.end();

    const { bytes, error, ms } = await result;
    expect(error).toBeUndefined();
    expect(bytes).toBe(120);
    expect(ms).toBeGreaterThan(2 * IDLE_MS);
  });

  it("does not count the time the reader holds back (an image being re-encoded)", async () => {
    const client = new PassThrough();
    // The reader stops after its first chunk for five idle times, while the client has sent
    // more than the buffers between them hold: the client waits for the server, not the reverse.
    const result = consume(guardBodyIdle(client, IDLE_MS), 5 * IDLE_MS);
    const body = Buffer.alloc(4 * 1024 * 1024);
    for (let offset = 0; offset < body.length; offset += 64 * 1024) {
      if (!client.write(body.subarray(offset, offset + 64 * 1024))) {
        await new Promise((resolve) => client.once("drain", resolve));
      }
    }
    client.end();

    const { bytes, error, ms } = await result;
    expect(error).toBeUndefined();
    expect(bytes).toBe(body.length);
    expect(ms).toBeGreaterThanOrEqual(5 * IDLE_MS - 20);
  });

  it("stays quiet once the body is complete, however long the reader takes", async () => {
    const client = new PassThrough();
    const guarded = guardBodyIdle(client, IDLE_MS);
    client.end(Buffer.alloc(10));
    await sleep(3 * IDLE_MS);

    const { bytes, error } = await consume(guarded);
    expect(error).toBeUndefined();
    expect(bytes).toBe(10);
  });

  it("passes a client's hang-up on as an error, not as the end of the body", async () => {
    const client = new PassThrough();
    const result = consume(guardBodyIdle(client, 10_000));
    client.write(Buffer.alloc(10));
    client.destroy(new Error("aborted"));

    const { error } = await result;
    expect(error?.message).toBe("aborted");
    expect(error).not.toBeInstanceOf(BodyIdleError);
  });
});

describe("reading a whole small body with the idle guard", () => {
  const tooLarge = (): never => {
    throw new Error("too large");
  };
  const trickle = (pieces: string[], gapMs: number, end = true) =>
    new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const piece of pieces) {
          controller.enqueue(new TextEncoder().encode(piece));
          await sleep(gapMs);
        }
        if (end) controller.close();
      },
    });

  it("reads a body that arrives slowly but steadily", async () => {
    const bytes = await readBodyWithin(trickle(["{", '"a"', ":", "1", "}"], IDLE_MS / 4), {
      maxBytes: 100,
      idleMs: IDLE_MS,
      tooLarge,
    });
    expect(new TextDecoder().decode(bytes)).toBe('{"a":1}');
  });

  it("fails with BodyIdleError when the body stops arriving", async () => {
    await expect(
      readBodyWithin(trickle(['{"a"'], 0, false), { maxBytes: 100, idleMs: IDLE_MS, tooLarge }),
    ).rejects.toBeInstanceOf(BodyIdleError);
  });

  it("refuses one byte over the limit", async () => {
    await expect(
      readBodyWithin(trickle(["12345", "6"], 0), { maxBytes: 5, idleMs: IDLE_MS, tooLarge }),
    ).rejects.toThrow("too large");
  });
});
