// Timeouts of the web tier's HTTP server (web/server/web-server.mjs): the API's formula
// (lib/runtime/server-timeouts.mjs), with REQUEST_TIMEOUT_SECONDS read here.
import { DEFAULT_REQUEST_TIMEOUT_SECONDS, serverTimeoutOptions } from "../../lib/runtime/server-timeouts.mjs";

/**
 * Server options from REQUEST_TIMEOUT_SECONDS: the whole request must arrive within it (long
 * enough for two 10 MB images over a 1 Mbit/s link), its headers within 20 s. Node answers an
 * overrun with 408 and closes the connection. A malformed value stops the start.
 * @param {Record<string, string | undefined>} env
 * @returns {import("node:http").ServerOptions}
 */
export function webServerOptions(env) {
  const raw = env.REQUEST_TIMEOUT_SECONDS;
  const seconds = raw === undefined || raw === "" ? DEFAULT_REQUEST_TIMEOUT_SECONDS : Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
    throw new Error(`REQUEST_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 3600, not "${raw}"`);
  }
  return serverTimeoutOptions(seconds);
}
