import { describe, expect, it } from "vitest";
import { objectWithOptionalNumber, objectWithRecordOrNull } from "./answer-checks";

describe("objectWithOptionalNumber", () => {
  const check = objectWithOptionalNumber("resendAfterSeconds");

  it("takes an object with the number, or without the field", () => {
    expect(check.safeParse({ resendAfterSeconds: 60, sent: true })).toEqual({
      success: true,
      data: { resendAfterSeconds: 60, sent: true },
    });
    expect(check.safeParse({})).toEqual({ success: true, data: {} });
  });

  it("refuses what is not an object, or a field that is not a finite number", () => {
    for (const answer of [
      null,
      undefined,
      "60",
      60,
      [],
      { resendAfterSeconds: "60" },
      { resendAfterSeconds: Number.NaN },
    ])
      expect(check.safeParse(answer).success).toBe(false);
  });
});

describe("objectWithRecordOrNull", () => {
  const check = objectWithRecordOrNull("profile");

  it("takes an object whose field is an object or null", () => {
    expect(check.safeParse({ profile: { city: "Wien" } })).toEqual({
      success: true,
      data: { profile: { city: "Wien" } },
    });
    expect(check.safeParse({ profile: null }).success).toBe(true);
  });

  it("refuses a missing field, a list, or a value that is not an object", () => {
    for (const answer of [{}, { profile: [] }, { profile: "x" }, null, []])
      expect(check.safeParse(answer).success).toBe(false);
  });
});
