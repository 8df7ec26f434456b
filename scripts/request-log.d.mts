import type { IncomingMessage, ServerResponse } from "node:http";

export const REQUEST_ID_PATTERN: RegExp;
export function requestIdFor(incoming: string | string[] | undefined): string;
export function levelEnabled(level: string, threshold: string | undefined): boolean;
export function loggablePath(url: string | undefined): string;
export function logRequest(
  request: IncomingMessage,
  response: ServerResponse,
  options?: { write?: (line: string) => void; now?: () => number; level?: string },
): string;
