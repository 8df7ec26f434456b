import type { IncomingMessage, ServerResponse } from "node:http";
import type { Registry } from "prom-client";

export const WEB_ROUTES: string[];
export function webRouteOf(url: string | undefined): string;
export function createWebMetrics(options?: { token?: string; processMetrics?: boolean }): {
  registry: Registry;
  handle(request: IncomingMessage, response: ServerResponse): boolean;
};
