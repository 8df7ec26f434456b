import type { Logger } from "pino";
import { loggablePath, REQUEST_ID_PATTERN } from "./server/request-log.mjs";
import { webLog } from "./server/web-log.mjs";

/** The request's id when it is one the web tier or the API would have issued; else undefined. */
export function safeRequestId(value: string | string[] | null | undefined): string | undefined {
  const id = Array.isArray(value) ? value[0] : value;
  return id && REQUEST_ID_PATTERN.test(id) ? id : undefined;
}

export type WebErrorFields = {
  requestId?: string;
  method?: string;
  /** A path or URL; logged without its query string and without tokens (web/server/request-log.mjs). */
  path?: string;
  error?: unknown;
  [field: string]: unknown;
};

/**
 * One line in the web tier's log (web/server/web-log.mjs): the format of its request lines and of
 * the API's, kept in the admin log view too.
 */
export function logWebError(
  msg: string,
  { path, error, ...fields }: WebErrorFields,
  logger: Logger = webLog().logger,
): void {
  logger.error(
    {
      ...fields,
      ...(path !== undefined ? { path: loggablePath(path) } : {}),
      // Only its type, digest and a cleaned message (the logger's `err` serializer).
      ...(error !== undefined ? { err: error } : {}),
    },
    msg,
  );
}
