import { describe, expect, it } from "vitest";
import { timeZoneSchema } from "./time-zone";

describe("timeZoneSchema (APP_TIME_ZONE)", () => {
  it("takes an IANA zone and gives its canonical name", () => {
    expect(timeZoneSchema.parse("Europe/Berlin")).toBe("Europe/Berlin");
    expect(timeZoneSchema.parse("europe/berlin")).toBe("Europe/Berlin");
    expect(timeZoneSchema.parse("UTC")).toBe("UTC");
  });

  it("refuses a name no zone has, and a fixed offset, saying what it wants", () => {
    for (const value of ["Europe/Berlln", "Mars/Olympus_Mons", "+01:00", "-05:00", ""]) {
      const result = timeZoneSchema.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message).toContain("is not an IANA time zone such as Europe/Berlin");
    }
  });
});
