export type SafeError = {
  type: string;
  message: string;
  /** The error's code (SQLSTATE, errno name); not `code`, which the logger censors as a login code. */
  errorCode?: string;
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  stack?: string;
  cause?: SafeError;
  errors?: SafeError[];
};

// Fields a database error carries that name where it happened, never what was written.
const SAFE_DATABASE_FIELDS = ["severity", "table", "column", "constraint", "routine"] as const;
const MAX_DEPTH = 5;

/**
 * An error as a log line may show it. Database errors carry the statement and its bound values
 * (Drizzle's `query`/`params` and a message that repeats both, PGlite's `query`/`params`, the
 * server's `detail` "Key (email)=(…)"), and PostgreSQL quotes the offending value in its message
 * (`invalid input syntax for type uuid: "…"`): an IBAN, a password hash or a token would end up
 * in the log. So only the type, code, the message with quoted values blanked, where it happened
 * and the stack frames are kept; nothing else of the error object is copied.
 */
export function serializeError(error: unknown, depth = 0): SafeError {
  if (!error || typeof error !== "object") {
    return { type: typeof error, message: typeof error === "string" ? blankQuoted(error) : "" };
  }
  const source = error as Record<string, unknown> & { name?: unknown; message?: unknown };
  const type =
    (typeof source.name === "string" && source.name !== "Error" ? source.name : undefined) ??
    (source.constructor?.name || "Error");
  const message = typeof source.message === "string" ? source.message : "";
  const safe: SafeError = { type, message: safeMessage(message) };
  if (typeof source.code === "string" || typeof source.code === "number")
    safe.errorCode = String(source.code);
  for (const field of SAFE_DATABASE_FIELDS) {
    if (typeof source[field] === "string") safe[field] = source[field] as string;
  }
  if (typeof source.stack === "string") {
    // Frames only: the first lines repeat the (possibly multi-line) message.
    const frames = source.stack
      .split("\n")
      .filter((line) => /^\s+at /.test(line))
      .join("\n");
    if (frames) safe.stack = frames;
  }
  if (depth < MAX_DEPTH) {
    if (source.cause !== undefined) safe.cause = serializeError(source.cause, depth + 1);
    if (Array.isArray(source.errors)) {
      safe.errors = source.errors.slice(0, 5).map((inner) => serializeError(inner, depth + 1));
    }
  }
  return safe;
}

function safeMessage(message: string): string {
  // Drizzle: "Failed query: <sql>\nparams: <values>"; what failed is in the cause.
  if (message.startsWith("Failed query:")) return "Failed query";
  return blankQuoted(message.split("\n")[0] ?? "");
}

/**
 * Blanks the values a message may quote: `type uuid: "DE89…"`, `Key (email)=(…)`, a URL's
 * credentials and query string (signatures, tokens).
 */
function blankQuoted(text: string): string {
  return text
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\([^()]*\)=\([^()]*\)/g, "(…)=(…)")
    .replace(/\/\/[^/\s@]+@/g, "//…@")
    .replace(/\?[^\s"]*/g, "?…");
}
