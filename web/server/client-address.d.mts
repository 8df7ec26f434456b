import type { IncomingHttpHeaders } from "node:http";
import type { TrustedProxies } from "../../lib/runtime/trusted-proxies.mjs";

export function clientAddress(
  forwardedFor: string | string[] | undefined,
  peer: string,
  hops: number,
  trusted: Pick<TrustedProxies, "list">,
): string;
export function settleForwardedHeaders(
  headers: IncomingHttpHeaders,
  peer: string,
  proxies: { hops: number; trusted: Pick<TrustedProxies, "list"> },
): void;
