import { describe, expect, it } from "vitest";
import { profileDefaults, profileSections, toProfileInput, withMemberCountry } from "./profile-layout";
import { profileSchemas } from "./profile-step-schemas";

const user = {
  firstName: "Ada",
  lastName: "Lovelace",
  companyName: "Analytical Ltd",
  email: "office@example.test",
} as Parameters<typeof profileDefaults>[1];

describe("profile layout", () => {
  for (const type of ["personal", "company"] as const) {
    it(`${type}: shows every field of the schema once and nothing else`, () => {
      const shown = profileSections(type, true).flatMap((section) =>
        section.rows.flat().map((spec) => spec.name),
      );
      expect(new Set(shown).size).toBe(shown.length);
      expect([...shown].sort()).toEqual(Object.keys(profileSchemas[type].shape).sort());
      expect(Object.keys(profileDefaults(type, user)).sort()).toEqual([...shown].sort());
    });
  }

  it("asks for the current password only when the bank change needs it", () => {
    const names = (needs: boolean) =>
      profileSections("personal", needs).flatMap((s) => s.rows.flat().map((f) => f.name));
    expect(names(false)).not.toContain("currentPassword");
    expect(names(true)).toContain("currentPassword");
  });

  it("starts from what the account tells", () => {
    expect(profileDefaults("personal", user).accountHolderName).toBe("Ada Lovelace");
    expect(profileDefaults("company", user)).toMatchObject({
      companyName: "Analytical Ltd",
      companyEmail: "office@example.test",
      accountHolderName: "Analytical Ltd",
    });
  });

  it("sends phones as one international number and a blank employee count as missing", () => {
    const values = {
      ...profileDefaults("company", user),
      companyPhone: { country: "AT" as const, number: "664 1234567" },
    };
    const input = toProfileInput("company", values);
    expect(input.companyPhone).toBe("+436641234567");
    expect(input.contactPersonPhone).toBe("");
    expect(input.numberOfEmployees).toBeUndefined();
    const parsed = profileSchemas.company.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.find((issue) => issue.path[0] === "numberOfEmployees")?.message).toBe(
      "requiredFields",
    );
  });

  it("gives the empty phones the country of the member's own phone, not Germany", () => {
    const values = withMemberCountry({
      ...profileDefaults("personal", user),
      phone: { country: "AT" as const, number: "+436641234567" },
      phoneSecondary: { country: "CH" as const, number: "+41791234567" },
    });
    expect(values.emergencyContactPhone).toEqual({ country: "AT", number: "" });
    expect(values.phoneSecondary).toEqual({ country: "CH", number: "+41791234567" });
    expect(withMemberCountry(profileDefaults("personal", user)).emergencyContactPhone).toEqual({
      country: "DE",
      number: "",
    });
  });
});
