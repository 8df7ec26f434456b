// Which peers may name the client in X-Forwarded-*: a list of addresses and CIDR ranges. Plain
// JavaScript, because the web server (scripts/web-server.mjs) runs it without a build; the API
// (server/infra/client-ip.ts) uses the same parser.
import net from "node:net";

/** Loopback only: the proxy, the web tier and the API on one machine, as `npm start` runs them. */
export const DEFAULT_TRUSTED_PROXIES = "127.0.0.0/8,::1";

/**
 * The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:203.0.113.5`), else the input.
 * @param {string} address
 * @returns {string}
 */
export function unmapIpv4(address) {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * @param {string} address
 * @returns {"ipv4" | "ipv6" | null}
 */
export function ipFamily(address) {
  const version = net.isIP(address);
  return version === 4 ? "ipv4" : version === 6 ? "ipv6" : null;
}

/**
 * Parses a comma-separated list of addresses and CIDR ranges (`10.0.0.5, 10.1.0.0/16, fd00::/8`).
 * Throws with the offending entry, so a typo stops the start instead of trusting nobody.
 * @param {string} text
 * @returns {{ list: net.BlockList; text: string }}
 */
export function parseTrustedProxies(text) {
  const list = new net.BlockList();
  for (const raw of text.split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address = "", prefixText] = entry.split("/");
    const kind = ipFamily(address);
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

/**
 * Whether `address` (an IPv4-mapped one counts as its IPv4 address) is in the list.
 * @param {{ list: net.BlockList }} trusted
 * @param {string} address
 * @returns {boolean}
 */
export function isTrustedProxy(trusted, address) {
  const plain = unmapIpv4(address);
  const kind = ipFamily(plain);
  return kind !== null && trusted.list.check(plain, kind);
}
