import { describe, expect, it } from "vitest";
import {
  clearSessionCookies,
  readCookie,
  serializeCookie,
  sessionCookieNames,
  sessionSetCookies,
} from "./session-cookies";

// The session lives in these two cookies: what the browser stores is decided
// entirely by the Set-Cookie strings built here, and what the BFF reads by readCookie.

/** The attributes of one Set-Cookie string, names lowercased, as a browser reads them. */
function parseSetCookie(header: string) {
  const [pair = "", ...rest] = header.split(";");
  const index = pair.indexOf("=");
  const attributes = new Map<string, string>();
  for (const attribute of rest) {
    const [name = "", ...value] = attribute.trim().split("=");
    attributes.set(name.toLowerCase(), value.join("="));
  }
  return { name: pair.slice(0, index).trim(), value: pair.slice(index + 1), attributes };
}

describe("readCookie", () => {
  it("finds a cookie among others however the header is spaced", () => {
    expect(readCookie("theme=dark; pp_at=token-1; lang=de", "pp_at")).toBe("token-1");
    expect(readCookie("theme=dark;pp_at=token-1;lang=de", "pp_at")).toBe("token-1");
    expect(readCookie("  pp_at  =  token-1  ;lang=de", "pp_at")).toBe("token-1");
    expect(readCookie("lang=de; pp_at=token-1", "pp_at")).toBe("token-1");
  });

  it("keeps every `=` after the first as part of the value", () => {
    expect(readCookie("pp_rt=abc=def==; lang=de", "pp_rt")).toBe("abc=def==");
  });

  it("decodes what serializeCookie encoded", () => {
    const value = "a;b c=d,é/ü";
    const [pair] = serializeCookie("pp_at", value, { https: false }).split("; ");
    expect(pair).not.toContain(";");
    expect(readCookie(`lang=de; ${pair}`, "pp_at")).toBe(value);
  });

  it("is undefined when the header is missing or empty, or the cookie is not in it", () => {
    expect(readCookie(null, "pp_at")).toBeUndefined();
    expect(readCookie("", "pp_at")).toBeUndefined();
    expect(readCookie("lang=de; theme=dark", "pp_at")).toBeUndefined();
    expect(readCookie("pp_at", "pp_at")).toBeUndefined();
  });

  it("matches the whole name, never a prefix or suffix of another cookie's name", () => {
    expect(readCookie("xpp_at=other; pp_at_old=old", "pp_at")).toBeUndefined();
    expect(readCookie("xpp_at=other; pp_at=mine", "pp_at")).toBe("mine");
    // Over https only the prefixed cookie counts: a `pp_at` set by another host is not a session.
    expect(readCookie("pp_at=tossed", "__Host-pp_at")).toBeUndefined();
    expect(readCookie("__Host-pp_at=mine", "pp_at")).toBeUndefined();
  });

  it("reads an empty value as empty", () => {
    expect(readCookie("pp_at=; lang=de", "pp_at")).toBe("");
  });

  it("skips a malformed escape instead of throwing", () => {
    expect(() => readCookie("pp_at=%E0%A4%A", "pp_at")).not.toThrow();
    expect(readCookie("pp_at=%E0%A4%A", "pp_at")).toBeUndefined();
    expect(readCookie("pp_at=%zz; pp_at=good", "pp_at")).toBe("good");
  });
});

describe("serializeCookie", () => {
  it("over http: HttpOnly, SameSite=Lax, Path=/, no Secure, no Domain", () => {
    const cookie = parseSetCookie(serializeCookie("pp_at", "token-1", { https: false }));
    expect(cookie.name).toBe("pp_at");
    expect(cookie.value).toBe("token-1");
    expect(cookie.attributes.has("httponly")).toBe(true);
    expect(cookie.attributes.get("samesite")).toBe("Lax");
    expect(cookie.attributes.get("path")).toBe("/");
    expect(cookie.attributes.has("secure")).toBe(false);
    expect(cookie.attributes.has("domain")).toBe(false);
  });

  it("over https adds Secure", () => {
    const cookie = parseSetCookie(serializeCookie("__Host-pp_at", "token-1", { https: true }));
    expect(cookie.attributes.has("secure")).toBe(true);
    expect(cookie.attributes.has("httponly")).toBe(true);
    expect(cookie.attributes.get("path")).toBe("/");
    expect(cookie.attributes.has("domain")).toBe(false);
  });

  it("writes Max-Age in whole seconds, never negative, and only when given", () => {
    const age = (maxAgeSeconds?: number) =>
      parseSetCookie(serializeCookie("pp_at", "v", { https: false, maxAgeSeconds })).attributes.get(
        "max-age",
      );
    expect(age(900.9)).toBe("900");
    expect(age(0)).toBe("0");
    expect(age(-30)).toBe("0");
    expect(age(undefined)).toBeUndefined();
  });

  it("writes Expires as an HTTP date", () => {
    const cookie = parseSetCookie(
      serializeCookie("pp_at", "v", { https: false, expires: new Date("2030-01-02T03:04:05Z") }),
    );
    expect(cookie.attributes.get("expires")).toBe("Wed, 02 Jan 2030 03:04:05 GMT");
  });

  it("cannot be broken out of by a value with `;`", () => {
    const cookie = parseSetCookie(serializeCookie("pp_at", "x; Domain=evil.example", { https: false }));
    expect(cookie.attributes.has("domain")).toBe(false);
  });
});

describe("sessionCookieNames", () => {
  it("uses the __Host- prefix over https only", () => {
    expect(sessionCookieNames(true)).toEqual({ access: "__Host-pp_at", refresh: "__Host-pp_rt" });
    expect(sessionCookieNames(false)).toEqual({ access: "pp_at", refresh: "pp_rt" });
  });
});

describe("sessionSetCookies", () => {
  const now = Date.parse("2030-01-01T00:00:00Z");
  const tokens = {
    accessToken: "access-1",
    accessTokenExpiresAt: "2030-01-01T00:15:00Z",
    refreshToken: "refresh-1",
    refreshTokenExpiresAt: "2030-01-31T00:00:00Z",
  };

  it.each([
    [false, "pp_at", "pp_rt"],
    [true, "__Host-pp_at", "__Host-pp_rt"],
  ])("https=%s: both tokens as cookies that live as long as the tokens", (https, accessName, refreshName) => {
    const [access, refresh, ...more] = sessionSetCookies(tokens, https, now).map(parseSetCookie);
    expect(more).toEqual([]);
    expect(access?.name).toBe(accessName);
    expect(access?.value).toBe("access-1");
    expect(access?.attributes.get("max-age")).toBe(String(15 * 60));
    expect(refresh?.name).toBe(refreshName);
    expect(refresh?.value).toBe("refresh-1");
    expect(refresh?.attributes.get("max-age")).toBe(String(30 * 24 * 60 * 60));
    for (const cookie of [access, refresh]) {
      expect(cookie?.attributes.has("httponly")).toBe(true);
      expect(cookie?.attributes.get("samesite")).toBe("Lax");
      expect(cookie?.attributes.get("path")).toBe("/");
      expect(cookie?.attributes.has("domain")).toBe(false);
      expect(cookie?.attributes.has("secure")).toBe(https);
    }
  });

  it("expires a cookie at once when its token has already expired", () => {
    const [access] = sessionSetCookies(
      { ...tokens, accessTokenExpiresAt: "2029-12-31T23:00:00Z" },
      false,
      now,
    );
    expect(parseSetCookie(access ?? "").attributes.get("max-age")).toBe("0");
  });
});

describe("clearSessionCookies", () => {
  it.each([
    [false, ["pp_at", "pp_rt"]],
    [true, ["__Host-pp_at", "__Host-pp_rt"]],
  ])(
    "https=%s: empties both cookies with Max-Age=0 and the attributes they were set with",
    (https, names) => {
      const cookies = clearSessionCookies(https).map(parseSetCookie);
      expect(cookies.map((cookie) => cookie.name)).toEqual(names);
      for (const cookie of cookies) {
        expect(cookie.value).toBe("");
        expect(cookie.attributes.get("max-age")).toBe("0");
        // A browser ignores a __Host- cookie without Secure and Path=/, so the clearing one too.
        expect(cookie.attributes.get("path")).toBe("/");
        expect(cookie.attributes.has("secure")).toBe(https);
        expect(cookie.attributes.has("domain")).toBe(false);
      }
    },
  );
});
