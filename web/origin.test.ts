import { describe, expect, it } from "vitest";
import { hasTrustedOrigin, isStateChanging } from "./origin";

const PUBLIC_URL = "https://app.example.com";

function request(url: string, headers: Record<string, string>): Request {
  return new Request(url, { method: "POST", headers });
}

describe("isStateChanging", () => {
  it("treats GET, HEAD and OPTIONS as safe and every other method as state-changing", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"])
      expect(isStateChanging(method), method).toBe(false);
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post", "PROPFIND"]) {
      expect(isStateChanging(method), method).toBe(true);
    }
  });
});

describe("hasTrustedOrigin", () => {
  it("trusts our public origin, whatever host the request reached", () => {
    const internal = request("http://web:3000/api/x", { host: "web:3000", origin: PUBLIC_URL });
    expect(hasTrustedOrigin(internal, PUBLIC_URL)).toBe(true);
    // A trailing slash or path in the configured URL does not matter: only its origin counts.
    expect(hasTrustedOrigin(internal, `${PUBLIC_URL}/`)).toBe(true);
    expect(hasTrustedOrigin(internal, `${PUBLIC_URL}/de/login`)).toBe(true);
  });

  it("refuses a missing Origin, `null`, and a foreign one", () => {
    const url = "https://app.example.com/api/x";
    expect(hasTrustedOrigin(request(url, { host: "app.example.com" }), PUBLIC_URL)).toBe(false);
    expect(hasTrustedOrigin(request(url, { host: "app.example.com", origin: "null" }), PUBLIC_URL)).toBe(
      false,
    );
    expect(hasTrustedOrigin(request(url, { host: "app.example.com", origin: "" }), PUBLIC_URL)).toBe(false);
    for (const origin of [
      "https://evil.example",
      "https://app.example.com.evil.example",
      "https://evil.app.example.com",
      "http://app.example.com",
      "https://app.example.com:8443",
      `${PUBLIC_URL}/`,
    ]) {
      expect(hasTrustedOrigin(request(url, { host: "app.example.com", origin }), PUBLIC_URL), origin).toBe(
        false,
      );
    }
  });

  it("refuses a request the browser marks cross-site even if it names our origin", () => {
    const headers = { host: "app.example.com", origin: PUBLIC_URL, "sec-fetch-site": "cross-site" };
    expect(hasTrustedOrigin(request("https://app.example.com/api/x", headers), PUBLIC_URL)).toBe(false);
    const sameOrigin = { ...headers, "sec-fetch-site": "same-origin" };
    expect(hasTrustedOrigin(request("https://app.example.com/api/x", sameOrigin), PUBLIC_URL)).toBe(true);
  });

  it("trusts the origin of the Host the request was sent to (a second name or a local port)", () => {
    const local = request("http://127.0.0.1:3100/api/x", {
      host: "127.0.0.1:3100",
      origin: "http://127.0.0.1:3100",
    });
    expect(hasTrustedOrigin(local, "http://localhost:3000")).toBe(true);
    // Same host, but the request came over http: an https Origin is not this request's origin.
    const otherScheme = request("http://127.0.0.1:3100/api/x", {
      host: "127.0.0.1:3100",
      origin: "https://127.0.0.1:3100",
    });
    expect(hasTrustedOrigin(otherScheme, "http://localhost:3000")).toBe(false);
  });

  describe("behind a TLS-terminating proxy", () => {
    const proxied = (origin: string, forwarded: Record<string, string>) =>
      request("http://web:3000/api/x", { host: "web:3000", origin, ...forwarded });

    it("uses the forwarded host and scheme the visitor's browser saw", () => {
      const forwarded = { "x-forwarded-host": "shop.example.org", "x-forwarded-proto": "https" };
      expect(hasTrustedOrigin(proxied("https://shop.example.org", forwarded), PUBLIC_URL)).toBe(true);
      expect(hasTrustedOrigin(proxied("http://shop.example.org", forwarded), PUBLIC_URL)).toBe(false);
      // The internal name is not what the browser saw, so it is not trusted once a proxy forwards.
      expect(hasTrustedOrigin(proxied("https://web:3000", forwarded), PUBLIC_URL)).toBe(false);
      expect(hasTrustedOrigin(proxied("http://web:3000", forwarded), PUBLIC_URL)).toBe(false);
    });

    it("takes the first entry of a forwarded list (the one nearest the visitor)", () => {
      const forwarded = {
        "x-forwarded-host": "shop.example.org, web:3000",
        "x-forwarded-proto": "https, http",
      };
      expect(hasTrustedOrigin(proxied("https://shop.example.org", forwarded), PUBLIC_URL)).toBe(true);
      expect(hasTrustedOrigin(proxied("http://web:3000", forwarded), PUBLIC_URL)).toBe(false);
    });

    it("falls back to Host when only the scheme is forwarded, and to the URL's scheme when only the host is", () => {
      const onlyProto = proxied("https://web:3000", { "x-forwarded-proto": "https" });
      expect(hasTrustedOrigin(onlyProto, PUBLIC_URL)).toBe(true);
      const onlyHost = proxied("http://shop.example.org", { "x-forwarded-host": "shop.example.org" });
      expect(hasTrustedOrigin(onlyHost, PUBLIC_URL)).toBe(true);
    });

    it("treats a blank forwarded header as absent", () => {
      const blank = proxied("http://web:3000", { "x-forwarded-host": " ", "x-forwarded-proto": "" });
      expect(hasTrustedOrigin(blank, PUBLIC_URL)).toBe(true);
      expect(hasTrustedOrigin(proxied("http://", { "x-forwarded-host": " " }), PUBLIC_URL)).toBe(false);
    });
  });
});
