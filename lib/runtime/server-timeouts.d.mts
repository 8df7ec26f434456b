import type { ServerOptions } from "node:http";

export const DEFAULT_REQUEST_TIMEOUT_SECONDS: number;
export function serverTimeoutOptions(requestTimeoutSeconds: number): ServerOptions;
