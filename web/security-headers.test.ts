import { describe, expect, it } from "vitest";
import {
  apiContentSecurityPolicy,
  applySecurityHeaders,
  createNonce,
  isHttpsRequest,
  pageContentSecurityPolicy,
} from "./security-headers";

/** "a b; c d" → { a: ["b"], c: ["d"] } */
function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe("createNonce", () => {
  it("gives 128 random bits, base64, different every time", () => {
    const nonces = Array.from({ length: 50 }, createNonce);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(atob(nonce)).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

describe("pageContentSecurityPolicy", () => {
  const nonce = createNonce();
  const production = directives(pageContentSecurityPolicy(nonce, { development: false, https: true }));

  it("lets only nonce-bearing scripts (and what they load) run", () => {
    const scripts = production.get("script-src");
    expect(scripts).toContain(`'nonce-${nonce}'`);
    expect(scripts).toContain("'strict-dynamic'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts?.some((source) => source === "*" || source.endsWith(":"))).toBe(false);
  });

  it("blocks plugins, base-tag hijacking and framing", () => {
    expect(production.get("object-src")).toEqual(["'none'"]);
    expect(production.get("base-uri")).toEqual(["'self'"]);
    expect(production.get("frame-ancestors")).toEqual(["'none'"]);
    expect(production.get("form-action")).toEqual(["'self'"]);
    expect(production.get("default-src")).toEqual(["'self'"]);
  });

  it("allows 'unsafe-eval' only in development (React's dev tooling needs it)", () => {
    const development = directives(pageContentSecurityPolicy(nonce, { development: true, https: false }));
    expect(development.get("script-src")).toContain("'unsafe-eval'");
    expect(development.get("script-src")).toContain(`'nonce-${nonce}'`);
  });

  it("upgrades insecure requests only when served over https", () => {
    expect(production.has("upgrade-insecure-requests")).toBe(true);
    const plain = directives(pageContentSecurityPolicy(nonce, { development: false, https: false }));
    expect(plain.has("upgrade-insecure-requests")).toBe(false);
  });
});

describe("apiContentSecurityPolicy", () => {
  it("lets nothing load or run, and sandboxes downloads", () => {
    const nonce = createNonce();
    const json = directives(apiContentSecurityPolicy(nonce, { sandbox: false }));
    expect(json.get("default-src")).toEqual(["'none'"]);
    expect(json.get("script-src")).toEqual([`'nonce-${nonce}'`]);
    expect(json.get("object-src")).toEqual(["'none'"]);
    expect(json.get("base-uri")).toEqual(["'self'"]);
    expect(json.get("frame-ancestors")).toEqual(["'none'"]);
    expect(json.has("sandbox")).toBe(false);
    expect(directives(apiContentSecurityPolicy(nonce, { sandbox: true })).has("sandbox")).toBe(true);
  });
});

describe("applySecurityHeaders", () => {
  it("sets CSP, nosniff, a Referrer-Policy and no-framing, and HSTS only over https", () => {
    const plain = new Headers();
    applySecurityHeaders(plain, { csp: "default-src 'none'", https: false });
    expect(plain.get("content-security-policy")).toBe("default-src 'none'");
    expect(plain.get("x-content-type-options")).toBe("nosniff");
    expect(plain.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(plain.get("x-frame-options")).toBe("DENY");
    expect(plain.get("strict-transport-security")).toBeNull();

    const secure = new Headers();
    applySecurityHeaders(secure, { csp: "default-src 'none'", https: true });
    expect(secure.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });

  it("keeps a stricter Referrer-Policy already chosen and replaces a CSP already set", () => {
    const headers = new Headers({
      "Referrer-Policy": "no-referrer",
      "Content-Security-Policy": "default-src *",
    });
    applySecurityHeaders(headers, { csp: "default-src 'none'", https: false });
    expect(headers.get("referrer-policy")).toBe("no-referrer");
    expect(headers.get("content-security-policy")).toBe("default-src 'none'");
  });
});

describe("isHttpsRequest", () => {
  it("believes the proxy's x-forwarded-proto (its first entry), else the request URL", () => {
    const at = (url: string, headers: Record<string, string> = {}) =>
      isHttpsRequest(new Request(url, { headers }));
    expect(at("http://web:3000/", { "x-forwarded-proto": "https" })).toBe(true);
    expect(at("http://web:3000/", { "x-forwarded-proto": "https, http" })).toBe(true);
    expect(at("https://app.example.com/", { "x-forwarded-proto": "http" })).toBe(false);
    expect(at("https://app.example.com/")).toBe(true);
    expect(at("http://localhost:3000/")).toBe(false);
  });
});
