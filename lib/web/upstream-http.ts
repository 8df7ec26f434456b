import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { pipeline, Readable, Transform } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

/**
 * The BFF's transport to the API: node:http on kept-alive connections instead of the global
 * fetch. Every page's data and every browser call crosses it, and fetch's machinery (its own
 * request/response objects, web streams both ways, decompression) cost more CPU than the API's
 * answer to a simple call. Small answers are read whole and handed on as one buffer; large or
 * unsized ones (downloads) stream through untouched, as do request bodies (uploads), so neither
 * is ever held whole here.
 *
 * It takes the subset of fetch's arguments the BFF uses and answers a standard Response, so a
 * test may pass fetch itself instead.
 */
export type UpstreamInit = {
  method: string;
  headers: Headers;
  body?: ReadableStream<Uint8Array>;
  signal: AbortSignal;
  /** Silence on the connection (no byte either way) for this long ends the call. */
  idleTimeoutMs?: number;
};

/** The API saying nothing for a minute, mid-upload or mid-download, means it is gone. */
const IDLE_TIMEOUT_MS = 60_000;

/** Answers up to this size (by their Content-Length) are read whole before they are passed on. */
const BUFFERED_ANSWER_LIMIT = 64 * 1024;

const agents = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
};

function answerHeaders(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

function readWhole(response: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on("data", (chunk: Buffer) => chunks.push(chunk));
    response.once("end", () => resolve(Buffer.concat(chunks)));
    response.once("error", reject);
    response.once("aborted", () => reject(new Error("The API closed the connection mid-answer.")));
  });
}

/**
 * Passes a request body on while it keeps to its declared length: a longer one would spill into
 * the next request on the connection, a shorter one leave the API waiting for the rest.
 */
function declaredLengthKept(declared: string | undefined): Transform {
  const limit = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
  let sent = 0;
  const mismatch = () => new Error("The request body does not match its declared length.");
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sent += chunk.length;
      if (limit !== undefined && sent > limit) callback(mismatch());
      else callback(null, chunk);
    },
    flush(callback) {
      callback(limit !== undefined && sent !== limit ? mismatch() : null);
    },
  });
}

export function upstreamFetch(url: URL, init: UpstreamInit): Promise<Response> {
  const protocol = url.protocol === "https:" ? https : http;
  return new Promise<Response>((resolve, reject) => {
    if (init.signal.aborted) {
      reject(init.signal.reason);
      return;
    }
    const headers = Object.fromEntries(init.headers);
    // Without a body a declared length would make the API read the next request on this kept-
    // alive connection as this one's body; with one, the body must match it (declaredLengthKept).
    if (!init.body) delete headers["content-length"];
    const request = protocol.request(url, {
      method: init.method,
      headers,
      agent: agents[url.protocol === "https:" ? "https:" : "http:"],
    });
    request.setTimeout(init.idleTimeoutMs ?? IDLE_TIMEOUT_MS, () =>
      request.destroy(new Error("The API went silent.")),
    );
    const abort = () => request.destroy(init.signal.reason instanceof Error ? init.signal.reason : undefined);
    init.signal.addEventListener("abort", abort, { once: true });
    request.once("error", (error) => {
      init.signal.removeEventListener("abort", abort);
      reject(init.signal.aborted ? init.signal.reason : error);
    });
    request.once("response", (response) => {
      const status = response.statusCode ?? 0;
      // A status a Response cannot carry (1xx, 205, beyond 599) is no answer the BFF can pass on.
      if (status < 200 || status > 599 || status === 205) {
        response.resume();
        init.signal.removeEventListener("abort", abort);
        reject(new Error(`The API answered with status ${status}.`));
        return;
      }
      const headers = answerHeaders(response);
      const noBody = init.method === "HEAD" || status === 204 || status === 304;
      const length = Number(response.headers["content-length"] ?? Number.NaN);
      if (noBody) {
        response.resume();
        init.signal.removeEventListener("abort", abort);
        resolve(new Response(null, { status, headers }));
      } else if (length <= BUFFERED_ANSWER_LIMIT) {
        readWhole(response).then(
          (bytes) => {
            init.signal.removeEventListener("abort", abort);
            resolve(new Response(bytes as Uint8Array<ArrayBuffer>, { status, headers }));
          },
          (error) => reject(init.signal.aborted ? init.signal.reason : error),
        );
      } else {
        // From here the caller owns the stream; an abort now would cut a download short.
        init.signal.removeEventListener("abort", abort);
        const body = Readable.toWeb(response) as unknown as ReadableStream<Uint8Array>;
        resolve(new Response(body, { status, headers }));
      }
    });
    if (init.body) {
      pipeline(
        Readable.fromWeb(init.body as unknown as NodeReadableStream<Uint8Array>),
        declaredLengthKept(headers["content-length"]),
        request,
        (error) => {
          if (error) request.destroy(error);
        },
      );
    } else {
      request.end();
    }
  });
}
