// The client's address as the web tier tells the API (X-Forwarded-For on every upstream call).

/**
 * Under the web server (web/server/web-server.mjs) X-Forwarded-For was already rewritten from the
 * connection (and TRUST_PROXY_HOPS, TRUSTED_PROXIES), so it is passed on. A platform host that starts Next itself
 * (`next start`, a standalone server) rewrites nothing: a client could write any X-Forwarded-For
 * and pick the address the API rate-limits by. There the operator names, in CLIENT_IP_HEADER, the
 * header their platform sets and clients cannot (`x-real-ip`, `cf-connecting-ip`,
 * `fly-client-ip`), and its value is passed instead; of a list, the last entry, the one the
 * platform appended. Missing: nothing is passed and the API counts the web tier's own address.
 */
export function clientIpForApi(headers: Headers, clientIpHeader: string | undefined): string {
  if (!clientIpHeader) return headers.get("x-forwarded-for") ?? "";
  const entries = (headers.get(clientIpHeader) ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.at(-1) ?? "";
}
