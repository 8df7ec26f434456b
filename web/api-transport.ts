import {
  type ClientRequest,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { Readable } from "node:stream";

/**
 * The web tier's way to the API: a fetch-shaped function on node:http with kept-alive
 * connections. Not the global fetch, because inside Next that is Next's patched fetch (its
 * cache and tracing layers run on every call, `no-store` or not) over undici's WHATWG streams,
 * and every BFF call and server-side page load paid for both (bench `bff-*` shows the
 * difference). It does what the BFF needs and no more: no redirects followed (the BFF decides
 * about a Location itself), no decompression (no Accept-Encoding is sent, so the API answers
 * plainly), streamed request bodies, and an AbortSignal that ends the exchange at any point.
 */
export type ApiFetch = (input: URL | string, init?: ApiFetchInit) => Promise<Response>;

type ApiFetchInit = {
  method?: string;
  headers?: HeadersInit;
  body?: ReadableStream<Uint8Array> | string | null;
  signal?: AbortSignal | null;
  /** For fetch, which callers may pass instead (tests); this transport never follows a redirect. */
  redirect?: "manual";
  /** For fetch, which needs it to send a streamed body; this transport always streams. */
  duplex?: "half";
};

/**
 * An idle connection is closed here after this long, before the API closes it (Node's server
 * does after 5 s, and Node's client does not read its `Keep-Alive: timeout` hint): otherwise a
 * call could be written onto a connection at the moment the API drops it and fail with a reset,
 * which for a session refresh would end the session.
 */
export const IDLE_CONNECTION_MS = 4_000;

// LIFO keeps the busiest few connections warm instead of spreading calls over idle ones.
const agents = {
  http: new HttpAgent({ keepAlive: true, scheduling: "lifo", timeout: IDLE_CONNECTION_MS }),
  https: new HttpsAgent({ keepAlive: true, scheduling: "lifo", timeout: IDLE_CONNECTION_MS }),
};

// An answer up to this size is read whole before the Response is made: the JSON answers of
// nearly every call. Larger or unannounced ones (downloads) stream.
const BUFFERED_BODY_LIMIT = 64 * 1024;

/** Statuses whose Response may not have a body (the Response constructor refuses one). */
function isNullBodyStatus(status: number): boolean {
  return status === 101 || status === 204 || status === 205 || status === 304;
}

function toNodeHeaders(init: HeadersInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init).forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

function responseHeaders(message: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = message.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index] as string;
    const value = raw[index + 1] as string;
    try {
      headers.append(name, value);
    } catch {
      // A header value the Fetch standard does not allow is dropped, as fetch would refuse it.
    }
  }
  return headers;
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error
    ? signal.reason
    : new DOMException("The call was aborted", "AbortError");
}

/**
 * A read that failed because the kept-alive connection it was written on had just been closed
 * by the other side (a proxy's idle limit, an API restart): the API never saw it, so it is sent
 * once more on a fresh connection. Only a GET or HEAD without a body, which can be sent twice.
 */
function isStaleConnectionFailure(request: ClientRequest, error: NodeJS.ErrnoException, method: string) {
  return (
    request.reusedSocket &&
    (method === "GET" || method === "HEAD") &&
    (error.code === "ECONNRESET" || error.code === "EPIPE")
  );
}

export const apiFetch: ApiFetch = (input, init = {}) => send(input, init, true);

function send(input: URL | string, init: ApiFetchInit, mayRetry: boolean): Promise<Response> {
  const url = typeof input === "string" ? new URL(input) : input;
  const { signal } = init;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const secure = url.protocol === "https:";
  const method = (init.method ?? "GET").toUpperCase();

  return new Promise<Response>((resolve, reject) => {
    const outgoing = (secure ? httpsRequest : httpRequest)(url, {
      method,
      headers: toNodeHeaders(init.headers),
      agent: secure ? agents.https : agents.http,
    });
    const onAbort = () => outgoing.destroy(abortError(signal as AbortSignal));
    const settle = () => signal?.removeEventListener("abort", onAbort);
    signal?.addEventListener("abort", onAbort, { once: true });
    let answered = false;
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      settle();
      if (!answered && mayRetry && !init.body && isStaleConnectionFailure(outgoing, error, method)) {
        resolve(send(url, init, false));
        return;
      }
      reject(error);
    });

    outgoing.on("response", (incoming) => {
      answered = true;
      const status = incoming.statusCode ?? 502;
      const headers = responseHeaders(incoming);
      incoming.on("close", () => {
        settle();
        // The API's process or connection went away before the answer was whole.
        if (!incoming.complete)
          reject(new Error("The API closed the connection before its answer was complete"));
      });
      if (method === "HEAD" || isNullBodyStatus(status)) {
        incoming.resume();
        resolve(new Response(null, { status, headers }));
        return;
      }
      const declared = Number(incoming.headers["content-length"]);
      if (Number.isFinite(declared) && declared <= BUFFERED_BODY_LIMIT) {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => resolve(new Response(Buffer.concat(chunks), { status, headers })));
        incoming.on("error", reject);
        return;
      }
      resolve(new Response(Readable.toWeb(incoming) as ReadableStream<Uint8Array>, { status, headers }));
    });

    const { body } = init;
    if (body === undefined || body === null) {
      outgoing.end();
    } else if (typeof body === "string") {
      outgoing.end(body);
    } else {
      // A browser's upload goes on chunk by chunk, with the socket's backpressure; a body that
      // fails midway (the browser went away) ends the call.
      const source = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
      source.on("error", (error) => outgoing.destroy(error));
      source.pipe(outgoing);
    }
  });
}
