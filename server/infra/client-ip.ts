import net from "node:net";

/**
 * Which peers may tell the API the client's address in X-Forwarded-For: the web tier instances.
 * Everything else that connects is the client itself, whatever header it sends.
 */
export type TrustedProxies = { list: net.BlockList; text: string };

/** Loopback only: the web tier and the API on one machine, as `npm start` runs them. */
export const DEFAULT_TRUSTED_PROXIES = "127.0.0.0/8,::1";

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:203.0.113.5`), else the input. */
function unmapIpv4(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

function family(address: string): "ipv4" | "ipv6" | null {
  const version = net.isIP(address);
  return version === 4 ? "ipv4" : version === 6 ? "ipv6" : null;
}

/**
 * Parses a comma-separated list of addresses and CIDR ranges (`10.0.0.5, 10.1.0.0/16, fd00::/8`).
 * Throws with the offending entry, so a typo stops the start instead of trusting nobody.
 */
export function parseTrustedProxies(text: string): TrustedProxies {
  const list = new net.BlockList();
  for (const raw of text.split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address = "", prefixText] = entry.split("/");
    const kind = family(address);
    const prefix = prefixText === undefined ? undefined : Number(prefixText);
    const maxPrefix = kind === "ipv4" ? 32 : 128;
    if (
      !kind ||
      (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxPrefix))
    ) {
      throw new Error(`not an IP address or CIDR range: "${entry}"`);
    }
    if (prefix === undefined) list.addAddress(address, kind);
    else list.addSubnet(address, prefix, kind);
  }
  return { list, text };
}

function isTrusted(trusted: TrustedProxies, address: string): boolean {
  const plain = unmapIpv4(address);
  const kind = family(plain);
  return kind !== null && trusted.list.check(plain, kind);
}

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
  if (own !== null && !isTrusted(trusted, own)) return own;
  const forwarded = (forwardedFor ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  if (forwarded) {
    const address = unmapIpv4(forwarded.slice(0, 64));
    if (family(address)) return address;
  }
  return own;
}

/**
 * The unit per-IP limits count: an IPv4 address, or the /64 network of an IPv6 address (one
 * subscriber usually holds a whole /64, so single addresses would be free to rotate).
 */
export function limitNetwork(address: string): string {
  const plain = unmapIpv4(address);
  if (family(plain) !== "ipv6") return plain;
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
