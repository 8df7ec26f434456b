import { describe, expect, it } from "vitest";
import { dashboardWithNotice, readNotice } from "./notices";

describe("redirect notices", () => {
  it("names the toast of each known notice, with its values", () => {
    expect(readNotice("sign-blocked")).toEqual({ key: "Guards.signBlocked" });
    expect(readNotice("company-only")).toEqual({ key: "Guards.typeOnly", values: { type: "company" } });
    expect(dashboardWithNotice("admin-only")).toBe("/dashboard?notice=admin-only");
  });

  it("drops anything else in the parameter", () => {
    for (const value of [null, "", "toString", "__proto__", "Guards.adminOnly", "<script>"]) {
      expect(readNotice(value)).toBeUndefined();
    }
  });
});
