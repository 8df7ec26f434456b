import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.mjs";

describe("the client address the web tier passes on", () => {
  it("without proxies: the connection's address, whatever the client wrote", () => {
    expect(clientAddress("6.6.6.6", "203.0.113.9", 0)).toBe("203.0.113.9");
    expect(clientAddress(undefined, "203.0.113.9", 0)).toBe("203.0.113.9");
  });

  it("behind one proxy: the address it appended, not the client's own prefix", () => {
    expect(clientAddress("6.6.6.6, 198.51.100.4", "10.0.0.2", 1)).toBe("198.51.100.4");
  });

  it("behind two proxies: the entry the outer one appended", () => {
    expect(clientAddress("6.6.6.6, 198.51.100.4, 10.0.0.9", "10.0.0.2", 2)).toBe("198.51.100.4");
  });

  it("a request that skipped the proxies is counted by its connection", () => {
    expect(clientAddress("", "203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("198.51.100.4", "203.0.113.9", 2)).toBe("203.0.113.9");
  });
});
