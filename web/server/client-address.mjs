// The client's address as the web tier passes it to the API in X-Forwarded-For, and which other
// X-Forwarded-* headers it believes.
import { isTrustedProxy, unmapIpv4 } from "../../lib/runtime/trusted-proxies.mjs";

/**
 * Without proxies in front (`hops` 0) it is the connection's own address: a header the client
 * sent is never believed. Behind `hops` proxies, each appended the address it saw, so the entry
 * `hops` places from the end is the one the outermost proxy saw; anything before it the client
 * wrote itself. Each step back is taken only from a proxy in `trusted`: a client that reaches the
 * web port directly (or through an address that is not one of the proxies) is counted by the
 * address it came from, whatever it wrote.
 * @param {string | string[] | undefined} forwardedFor
 * @param {string} peer
 * @param {number} hops
 * @param {{ list: import("node:net").BlockList }} trusted
 * @returns {string}
 */
export function clientAddress(forwardedFor, peer, hops, trusted) {
  if (!(hops > 0)) return peer;
  const chain = String(forwardedFor ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  let address = peer;
  for (let hop = 1; hop <= hops; hop++) {
    const seen = chain[chain.length - hop];
    // Fewer entries than proxies: the request did not come through all of them.
    if (!seen || !isTrustedProxy(trusted, address)) return address;
    address = unmapIpv4(seen);
  }
  return address;
}

// Headers in which a proxy tells how the visitor reached it (the scheme decides secure cookies
// and HSTS, the host the Origin check); a client that wrote them itself would choose both.
const PROXY_HEADERS = ["x-forwarded-proto", "x-forwarded-host", "x-forwarded-port"];

/**
 * Rewrites a request's X-Forwarded-* headers in place before Next sees them: X-Forwarded-For
 * becomes the client's address (clientAddress), and the scheme and host a proxy passed on stay
 * only when the connection comes from a proxy in `trusted`.
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @param {string} peer
 * @param {{ hops: number; trusted: { list: import("node:net").BlockList } }} proxies
 */
export function settleForwardedHeaders(headers, peer, { hops, trusted }) {
  headers["x-forwarded-for"] = clientAddress(headers["x-forwarded-for"], peer, hops, trusted);
  if (isTrustedProxy(trusted, peer)) return;
  for (const name of PROXY_HEADERS) delete headers[name];
}
