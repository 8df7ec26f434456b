import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { Context } from "hono";
import type { AppEnv } from "../../http";
import { DEFAULT_BODY_IDLE_MS, guardBodyIdle } from "../http/body-idle";

/** A request body read as a Node stream, and how to stop reading it after a refusal. */
export type RequestBody = {
  /** Fails with BodyIdleError when the client stops sending while the reader waits. */
  stream: Readable;
  contentType: string | undefined;
  /** The declared length; a hint only (a chunked body has none, and a client can lie). */
  contentLength: number | undefined;
  /**
   * Stops reading. On a socket the bytes stay unread and the answer carries `Connection: close`,
   * so the server closes the connection after it instead of draining an upload it refused; a
   * web stream (in-process tests) is cancelled.
   */
  abandon(): void;
  /** True when the answer must close the connection (the rest of the body was left unread). */
  readonly abandoned: boolean;
};

/**
 * The raw body of a request. Under @hono/node-server `c.env.incoming` is the IncomingMessage,
 * read directly so nothing (no Request body wrapper, no parseBody) buffers it first; under
 * `app.request()` there is no socket and the Web body stream is converted instead.
 */
export function requestBody(c: Context<AppEnv>): RequestBody | null {
  const contentType = c.req.header("content-type");
  const declared = c.req.header("content-length");
  const contentLength = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
  const idleMs = c.get("bodyIdleMs") ?? DEFAULT_BODY_IDLE_MS;
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  let abandoned = false;
  // `stop` is how the source at hand stops being read.
  const body = (stream: Readable, stop: () => void): RequestBody => ({
    stream,
    contentType,
    contentLength,
    abandon() {
      abandoned = true;
      stop();
    },
    get abandoned() {
      return abandoned;
    },
  });
  if (incoming) {
    const stream = guardBodyIdle(incoming, idleMs);
    return body(stream, () => {
      incoming.unpipe();
      incoming.pause();
      stream.stop();
      stream.destroy();
    });
  }
  const web = c.req.raw.body;
  if (!web) return null;
  // The DOM's and Node's ReadableStream are the same object at runtime but differ in typings.
  const source = Readable.fromWeb(web as unknown as NodeReadableStream<Uint8Array>);
  const stream = guardBodyIdle(source, idleMs);
  return body(stream, () => {
    stream.unpipe();
    stream.destroy();
    source.destroy();
  });
}
