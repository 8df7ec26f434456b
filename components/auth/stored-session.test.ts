import { afterEach, describe, expect, it, vi } from "vitest";
import { clearStoredSession } from "./stored-session";

/** A Web Storage with the calls the browser offers (length, key, getItem, setItem, removeItem). */
function storage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => map.set(key, value),
    removeItem: (key: string) => map.delete(key),
  };
}

describe("clearStoredSession", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("removes the session mirror and every per-user key, and keeps the language choice", () => {
    const session = storage({ user: "{}", userType: "personal", role: "user", geoCountryCode: "AT" });
    const local = storage({
      "profileDraft.personal.u1": '{"city":"Graz"}',
      "profileDraft.company.u2": "{}",
      "verifyEmail.resendAt.erika@example.com": "1",
      "app.locale": "de",
    });
    vi.stubGlobal("window", { sessionStorage: session, localStorage: local });
    clearStoredSession();
    expect([...session.map.keys()]).toEqual([]);
    expect([...local.map.keys()]).toEqual(["app.locale"]);
  });

  it("does nothing when storage cannot be reached", () => {
    vi.stubGlobal("window", {
      get sessionStorage(): Storage {
        throw new Error("blocked");
      },
      get localStorage(): Storage {
        throw new Error("blocked");
      },
    });
    expect(() => clearStoredSession()).not.toThrow();
  });
});
