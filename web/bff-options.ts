import type { BffOptions } from "./bff";
import { webEnv } from "./env";

/** How the BFF reaches the API, from the web tier's configuration (web/env.ts). */
export function bffOptions(): BffOptions {
  const env = webEnv();
  return {
    apiUrl: env.API_URL,
    publicUrl: env.PUBLIC_URL,
    timeoutMs: env.BFF_UPSTREAM_TIMEOUT_MS,
    clientIpHeader: env.CLIENT_IP_HEADER,
  };
}
