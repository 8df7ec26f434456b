import { describe, expect, it } from "vitest";
import { displayName, initials } from "./display-name";

// The dashboard's welcome names the user by displayName; the header's avatar shows initials.

const FALLBACK = "User";

describe("displayName: personal users (first plus last name, else 'User')", () => {
  it.each([
    ["first and last name", { firstName: "Anna", lastName: "Schmidt" }, "Anna Schmidt"],
    ["only a first name", { firstName: "Anna", lastName: null }, "Anna"],
    ["only a last name", { firstName: "", lastName: "Schmidt" }, "Schmidt"],
    ["names with spaces around them", { firstName: "  Anna ", lastName: " Schmidt  " }, "Anna Schmidt"],
    ["a whitespace-only first name", { firstName: "   ", lastName: "Schmidt" }, "Schmidt"],
    ["no names", { firstName: null, lastName: null }, FALLBACK],
    ["whitespace-only names", { firstName: " ", lastName: "\t" }, FALLBACK],
    ["missing name fields", {}, FALLBACK],
  ])("%s", (_case, names, expected) => {
    expect(displayName({ userType: "personal", ...names }, FALLBACK)).toBe(expected);
  });

  it("never shows a personal user's email, name or company name in place of first and last name", () => {
    const user = {
      userType: "personal",
      firstName: null,
      lastName: "  ",
      name: "anna.s",
      companyName: "Acme GmbH",
      email: "anna@example.com",
    };
    expect(displayName(user, FALLBACK)).toBe(FALLBACK);
  });

  it("shows the fallback it is given, so the German page says 'Benutzer'", () => {
    expect(displayName({ userType: "personal" }, "Benutzer")).toBe("Benutzer");
  });

  it("treats a user of unknown type by the personal rule", () => {
    expect(displayName({ firstName: "Anna", lastName: "Schmidt", companyName: "Acme GmbH" }, FALLBACK)).toBe(
      "Anna Schmidt",
    );
  });
});

describe("displayName: company users (company name, else name, else email)", () => {
  const company = {
    userType: "company",
    companyName: "Acme GmbH",
    name: "Max Muster",
    email: "office@acme.example",
    firstName: "Max",
    lastName: "Muster",
  };

  it.each([
    ["the company name first", company, "Acme GmbH"],
    ["the trimmed company name", { ...company, companyName: "  Acme GmbH  " }, "Acme GmbH"],
    ["the name without a company name", { ...company, companyName: null }, "Max Muster"],
    ["the name when the company name is whitespace", { ...company, companyName: "   " }, "Max Muster"],
    [
      "the email without company name or name",
      { ...company, companyName: "", name: null },
      "office@acme.example",
    ],
    [
      "the email when both are whitespace",
      { ...company, companyName: " ", name: "  " },
      "office@acme.example",
    ],
    [
      "the fallback when nothing is left",
      { userType: "company", companyName: " ", name: "", email: " " },
      FALLBACK,
    ],
  ])("%s", (_case, user, expected) => {
    expect(displayName(user, FALLBACK)).toBe(expected);
  });
});

describe("initials (header avatar: at most two letters, uppercase)", () => {
  it.each([
    ["first and last name", { firstName: "Anna", lastName: "Schmidt" }, "AS"],
    ["lowercase names", { firstName: "anna", lastName: "schmidt" }, "AS"],
    ["umlauts", { firstName: "jürgen", lastName: "öztürk" }, "JÖ"],
    [
      "umlauts typed as letter plus combining mark",
      { firstName: "A\u0308nne", lastName: "U\u0308nal" },
      "ÄÜ",
    ],
    ["a double first name", { firstName: "Anna-Lena", lastName: "Schmidt" }, "AS"],
    ["a first name with a middle name", { firstName: "Mary Ann", lastName: "Smith" }, "MS"],
    ["names with spaces around them", { firstName: "  anna ", lastName: " schmidt " }, "AS"],
    ["a single word (first name only)", { firstName: "Madonna", lastName: null }, "MA"],
    ["a single word (last name only)", { firstName: " ", lastName: "Schmidt" }, "SC"],
    ["a single word whose second letter is ß", { firstName: null, lastName: "Aßmann" }, "AS"],
    ["a one-letter name", { firstName: "X", lastName: null }, "X"],
    ["no names: the email", { firstName: null, lastName: null, email: "jane.doe@example.com" }, "JD"],
    ["whitespace names: the email", { firstName: " ", lastName: " ", email: "jane.doe@example.com" }, "JD"],
  ])("personal, %s", (_case, names, expected) => {
    expect(initials({ userType: "personal", email: "someone@example.com", ...names })).toBe(expected);
  });

  it.each([
    ["the company name", { companyName: "Acme Trading GmbH" }, "AT"],
    ["a one-word company name", { companyName: "acme" }, "AC"],
    ["an umlaut company name", { companyName: "ärzte zentrum" }, "ÄZ"],
    ["no company name: the email", { companyName: "  ", email: "office@acme.example" }, "OA"],
  ])("company, %s", (_case, fields, expected) => {
    expect(initials({ userType: "company", firstName: "Max", lastName: "Muster", ...fields })).toBe(expected);
  });

  it("shows a placeholder rather than an empty avatar when nothing is known", () => {
    expect(initials({ userType: "personal" })).toBe("?");
    expect(initials({ userType: "company", companyName: " ", email: "" })).toBe("?");
  });

  it("is never more than two letters and never lowercase", () => {
    const users = [
      { firstName: "Hans-Peter Karl", lastName: "von der Heide" },
      { firstName: "straße", lastName: null },
      { firstName: "ßa", lastName: "ßb" },
      { userType: "company", companyName: "Großhandel Süd Nord GmbH & Co. KG" },
      { email: "very.long.address.with.parts@sub.example.com" },
    ];
    for (const user of users) {
      const letters = initials(user);
      expect([...letters].length, JSON.stringify(user)).toBeLessThanOrEqual(2);
      expect(letters, JSON.stringify(user)).toBe(letters.toUpperCase());
    }
  });
});
