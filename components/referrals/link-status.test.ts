import { describe, expect, it } from "vitest";
import { clampPage, linkBadge } from "./link-status";

const now = new Date("2026-11-25T12:00:00Z");
const link = { status: "inactive" as const, expires: null, maxUses: 5, used: 0, isUnlimited: false };

describe("linkBadge", () => {
  it("names the reason an inactive link stopped working", () => {
    expect(linkBadge({ ...link, expires: "2026-11-24T12:00:00Z" }, now)).toBe("expired");
    expect(linkBadge({ ...link, used: 5 }, now)).toBe("usedUp");
    // Neither expired nor used up: the owner is not active.
    expect(linkBadge({ ...link, expires: "2026-11-26T12:00:00Z", used: 1 }, now)).toBe("inactive");
    expect(linkBadge({ ...link, isUnlimited: true, maxUses: 0, used: 40 }, now)).toBe("inactive");
  });

  it("gives the reason lib/link-liveness.ts gives, as the API decided it", () => {
    // The API counts a stored limit of 0 as used up (no use left), not as no limit.
    expect(linkBadge({ ...link, maxUses: 0, used: 0 }, now)).toBe("usedUp");
    expect(linkBadge({ ...link, expires: now.toISOString() }, now)).toBe("expired");
    expect(linkBadge({ ...link, expires: "2026-11-24T12:00:00Z", used: 5 }, now)).toBe("expired");
  });

  it("keeps the API's status for every other link", () => {
    for (const status of ["active", "pending", "deactivated"] as const)
      expect(linkBadge({ ...link, status, used: 5 }, now)).toBe(status);
  });
});

describe("clampPage", () => {
  it("keeps the page inside the pages that exist", () => {
    expect(clampPage(3, 21)).toBe(3);
    expect(clampPage(4, 21)).toBe(3);
    expect(clampPage(0, 21)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
  });
});
