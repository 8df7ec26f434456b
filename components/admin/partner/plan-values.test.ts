import { describe, expect, it } from "vitest";
import { planResolver, readPlanForm } from "./plan-check";
import { eurosToCents, planFormValues } from "./plan-values";

const form = (personalPercent: string, companyPercent: string, minimumOrder: string) => ({
  personalPercent,
  companyPercent,
  minimumOrder,
});

describe("euros as typed, in whole cents", () => {
  it.each([
    ["10", 1000],
    ["10.00", 1000],
    ["10,00", 1000],
    ["10.5", 1050],
    ["0,07", 7],
    ["0", 0],
    [" 19,99 € ", 1999],
    ["€10.10", 1010],
    ["1.000,00", 100_000],
    ["1,000.50", 100_050],
    ["12.345.678,9", 1_234_567_890],
    // The sums a float would get wrong: 0.29 * 100 is 28.999999999999996, 1.15 * 100 is 114.99999999999999.
    ["0.29", 29],
    ["1,15", 115],
    ["4.35", 435],
  ])("%j is %d cents", (text, cents) => {
    expect(eurosToCents(text)).toBe(cents);
  });

  it.each(["", "abc", "-5", "10.005", "1.000", "1,000", "1.00.00", "1,000,00", "10e2", "1.000.00", "10,-"])(
    "%j is no amount",
    (text) => {
      expect(eurosToCents(text)).toBe("minimumFormat");
    },
  );
});

describe("the plan form", () => {
  it("reads rates with either decimal mark and the minimum in cents", () => {
    expect(readPlanForm(form("12,5", "10", "10,00"))).toEqual({
      plan: { personalPercent: 12.5, companyPercent: 10, minimumOrderCents: 1000 },
    });
    expect(readPlanForm(form("7.25", "100", "0"))).toEqual({
      plan: { personalPercent: 7.25, companyPercent: 100, minimumOrderCents: 0 },
    });
    expect(readPlanForm(form("0.07", "12.50 %", "0.29"))).toEqual({
      plan: { personalPercent: 0.07, companyPercent: 12.5, minimumOrderCents: 29 },
    });
  });

  it("names each field's problem with the shared schema's keys or its own", () => {
    expect(readPlanForm(form("100.01", "12.345", "1.000"))).toEqual({
      errors: {
        personalPercent: "percentRange",
        companyPercent: "percentDecimals",
        minimumOrder: "minimumFormat",
      },
    });
    expect(readPlanForm(form("", "ten", "10000001"))).toEqual({
      errors: {
        personalPercent: "percentFormat",
        companyPercent: "percentFormat",
        minimumOrder: "minimumRange",
      },
    });
    expect(readPlanForm(form("1".repeat(40), "5", "9".repeat(40)))).toEqual({
      errors: { personalPercent: "percentRange", minimumOrder: "minimumRange" },
    });
  });

  it("gives react-hook-form the plan or the fields' errors", async () => {
    const options = { fields: {}, shouldUseNativeValidation: false };
    expect(await planResolver(form("12.5", "10", "10"), undefined, options)).toEqual({
      values: { personalPercent: 12.5, companyPercent: 10, minimumOrderCents: 1000 },
      errors: {},
    });
    expect(await planResolver(form("12.5", "x", "10"), undefined, options)).toEqual({
      values: {},
      errors: { companyPercent: { type: "validate", message: "percentFormat" } },
    });
  });

  it("shows a plan with the page's decimal mark, and reads back what it shows", () => {
    const plan = { personalPercent: 12.5, companyPercent: 7.25, minimumOrderCents: 1005 };
    expect(planFormValues(plan, ",")).toEqual(form("12,5", "7,25", "10,05"));
    expect(planFormValues(plan, ".")).toEqual(form("12.5", "7.25", "10.05"));
    expect(planFormValues({ personalPercent: 0, companyPercent: 100, minimumOrderCents: 0 }, ".")).toEqual(
      form("0", "100", "0.00"),
    );
    for (const mark of [".", ","]) expect(readPlanForm(planFormValues(plan, mark))).toEqual({ plan });
  });
});
