// The API's server timeouts: the formula both tiers share (lib/runtime/server-timeouts.mjs),
// with REQUEST_TIMEOUT_SECONDS from the API's env (server/env.ts).
export {
  DEFAULT_REQUEST_TIMEOUT_SECONDS,
  serverTimeoutOptions as apiServerOptions,
} from "../../../lib/runtime/server-timeouts.mjs";
