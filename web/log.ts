import { loggablePath, REQUEST_ID_PATTERN } from "../scripts/request-log.mjs";

/** The request's id when it is one the web tier or the API would have issued; else undefined. */
export function safeRequestId(value: string | string[] | null | undefined): string | undefined {
  const id = Array.isArray(value) ? value[0] : value;
  return id && REQUEST_ID_PATTERN.test(id) ? id : undefined;
}

/**
 * What an error may put in a log line: its type, Next's digest (the reference the error page
 * shows) and a message without query strings, cut short. Messages of fetch or URL errors can
 * name a URL, and a URL can carry a token.
 */
function loggableError(error: unknown) {
  const { name, message, digest } = (error ?? {}) as { name?: unknown; message?: unknown; digest?: unknown };
  return {
    type: typeof name === "string" ? name : typeof error,
    ...(typeof digest === "string" ? { digest } : {}),
    ...(typeof message === "string" ? { message: message.replace(/\?\S*/g, "?…").slice(0, 300) } : {}),
  };
}

export type WebErrorFields = {
  requestId?: string;
  method?: string;
  /** A path or URL; logged without its query string and without tokens (scripts/request-log.mjs). */
  path?: string;
  error?: unknown;
  [field: string]: unknown;
};

/** One JSON line on stdout, in the shape of the web tier's request lines and the API's logs. */
export function logWebError(
  msg: string,
  { path, error, ...fields }: WebErrorFields,
  write = writeLine,
): void {
  write(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "error",
      msg,
      ...fields,
      ...(path !== undefined ? { path: loggablePath(path) } : {}),
      ...(error !== undefined ? { err: loggableError(error) } : {}),
    }),
  );
}

function writeLine(line: string) {
  process.stdout.write(`${line}\n`);
}
