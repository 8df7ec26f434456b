import { type Readable, Transform, type TransformCallback } from "node:stream";
import { AppError } from "../../errors";

/** How long a request body may stop arriving before it is refused, unless configured. */
export const DEFAULT_BODY_IDLE_MS = 20_000;

/**
 * A request body that stopped arriving while the server was waiting for it: 408 in the API's
 * error shape. An AppError, so every body reader passes it through unchanged.
 */
export class BodyIdleError extends AppError {
  constructor() {
    super("REQUEST_TIMEOUT", "bodyStoppedArriving");
  }
}

/**
 * Passes a request body through and fails it with BodyIdleError when no byte arrives for
 * `idleMs` while the reader is waiting for one. Only the client's silence counts: while the
 * reader holds back (an image being re-encoded before the next file is read), this stage's
 * buffer is full, nothing is asked of the socket and the clock does not run. A slow but steady
 * body is never cut, however long it takes in all (the server's requestTimeout bounds that).
 */
class IdleGuard extends Transform {
  private timer: NodeJS.Timeout | undefined;
  private finished = false;

  constructor(private readonly idleMs: number) {
    super();
  }

  /** The reader wants more and this stage has room: from now on the client must send. */
  override _read(size: number) {
    this.arm();
    super._read(size);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.disarm();
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    this.stop();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.stop();
    callback(error);
  }

  /** Every byte has arrived (or the body was given up): nothing more to wait for. */
  stop() {
    this.finished = true;
    this.disarm();
  }

  private arm() {
    if (this.finished || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.finished) this.destroy(new BodyIdleError());
    }, this.idleMs);
    this.timer.unref();
  }

  private disarm() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** `source` as a stream that fails with BodyIdleError after `idleMs` of the client's silence. */
export function guardBodyIdle(source: Readable, idleMs: number): Readable & { stop(): void } {
  const guard = new IdleGuard(idleMs);
  // The reader learns of a failure through its own listener, or from `errored` when it comes
  // late (a handler that queries the database first); it must never crash the process.
  guard.on("error", () => {});
  source.once("end", () => guard.stop());
  // A client that hangs up ends the body with an error, so the reader cleans up what it stored.
  source.on("error", (error) => guard.destroy(error));
  source.once("close", () => {
    if (!source.readableEnded) guard.destroy(new Error("aborted"));
  });
  source.pipe(guard);
  return guard;
}

/**
 * Reads a whole Web body, at most `maxBytes` (one more calls `tooLarge`, which throws), failing
 * with BodyIdleError when a read waits `idleMs` for the client. For small JSON bodies, which are
 * read in one go: every wait is the client's.
 */
export async function readBodyWithin(
  body: ReadableStream<Uint8Array>,
  { maxBytes, idleMs, tooLarge }: { maxBytes: number; idleMs: number; tooLarge: () => never },
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const idle = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new BodyIdleError()), idleMs);
      });
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await Promise.race([reader.read(), idle]);
      } finally {
        clearTimeout(timer);
      }
      if (next.done) break;
      size += next.value.length;
      if (size > maxBytes) tooLarge();
      chunks.push(next.value);
    }
  } catch (error) {
    // The rest is not read: the answer closes the connection.
    reader.cancel().catch(() => {});
    throw error;
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.length;
  }
  return whole;
}
