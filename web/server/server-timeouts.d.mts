import type { ServerOptions } from "node:http";

export function webServerOptions(env: Record<string, string | undefined>): ServerOptions;
