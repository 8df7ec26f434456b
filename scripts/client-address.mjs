// The client's address as the web tier passes it to the API in X-Forwarded-For.

/**
 * Without proxies in front (`hops` 0) it is the connection's own address: a header the client
 * sent is never believed. Behind `hops` proxies, each appended the address it saw, so the entry
 * `hops` places from the end is the one the outermost proxy saw; anything before it the client
 * wrote itself.
 * @param {string | string[] | undefined} forwardedFor
 * @param {string} peer
 * @param {number} hops
 * @returns {string}
 */
export function clientAddress(forwardedFor, peer, hops) {
  if (!(hops > 0)) return peer;
  const chain = String(forwardedFor ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  // Fewer entries than proxies: the request did not come through all of them.
  if (chain.length < hops) return peer;
  return chain[chain.length - hops] ?? peer;
}
