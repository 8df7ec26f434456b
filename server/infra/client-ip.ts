// Which peers may tell the API the client's address in X-Forwarded-For: the web tier instances
// (API_TRUSTED_PROXIES). Everything else that connects is the client itself, whatever it sends.
// The list's parser is shared with the web server, which runs without a build (lib/runtime/).
import {
  ipFamily,
  isTrustedProxy,
  type TrustedProxies,
  unmapIpv4,
} from "../../lib/runtime/trusted-proxies.mjs";

export {
  DEFAULT_TRUSTED_PROXIES,
  parseTrustedProxies,
  type TrustedProxies,
} from "../../lib/runtime/trusted-proxies.mjs";

/**
 * The client's address: the peer's own, unless the peer is a trusted web tier; then the last
 * address of X-Forwarded-For, the one the web tier wrote (anything before it came from outside).
 */
export function resolveClientIp(
  peer: string | null,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string | null {
  const own = peer ? unmapIpv4(peer) : null;
  if (own !== null && !isTrustedProxy(trusted, own)) return own;
  const forwarded = (forwardedFor ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  if (forwarded) {
    const address = unmapIpv4(forwarded.slice(0, 64));
    if (ipFamily(address)) return address;
  }
  return own;
}

/**
 * The unit per-IP limits count: an IPv4 address, or the /64 network of an IPv6 address (one
 * subscriber usually holds a whole /64, so single addresses would be free to rotate).
 */
export function limitNetwork(address: string): string {
  const plain = unmapIpv4(address);
  if (ipFamily(plain) !== "ipv6") return plain;
  const [head = "", tail = ""] = plain.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  // An embedded IPv4 tail (`::1.2.3.4`) lies past the first 64 bits: it never matters here.
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = plain.includes("::")
    ? [...headGroups, ...Array(Math.max(0, missing)).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(":")}::/64`;
}
