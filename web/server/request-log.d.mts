import type { IncomingMessage, ServerResponse } from "node:http";
import type { WebLog } from "./web-log.mjs";

export const REQUEST_ID_PATTERN: RegExp;
export function requestIdFor(incoming: string | string[] | undefined): string;
export function loggablePath(url: string | undefined): string;
export function logRequest(
  request: IncomingMessage,
  response: ServerResponse,
  options?: { log?: WebLog; now?: () => number },
): string;
