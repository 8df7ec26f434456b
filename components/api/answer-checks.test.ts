import { describe, expect, it } from "vitest";
import { objectWithOptionalNumber } from "./answer-checks";

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
