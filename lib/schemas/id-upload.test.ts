import { describe, expect, it } from "vitest";
import { ID_NUMBER_MAX_LENGTH } from "@/lib/constants";
import { idUploadFormSchema } from "./id-upload";

const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "front.png", { type: "image/png" });
const filled = {
  idType: "passport",
  idNumber: " L01X00T47 ",
  expiryDate: "2030-01-31",
  hasBackside: true,
  front: image,
  back: image,
};
const problems = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("ID upload form schema", () => {
  const schema = idUploadFormSchema("personal", "2026-11-26");

  it("takes a filled form and trims the ID number", () => {
    const parsed = schema.parse(filled);
    expect(parsed.idNumber).toBe("L01X00T47");
  });

  it("names every missing entry at once, the back image only with a back side", () => {
    const empty = { idType: "", idNumber: " ", expiryDate: "", hasBackside: true, front: null, back: null };
    expect(problems(schema.safeParse(empty))).toEqual({
      idType: "required",
      idNumber: "required",
      expiryDate: "required",
      front: "required",
      back: "required",
    });
    expect(problems(schema.safeParse({ ...filled, hasBackside: false, back: null }))).toEqual({});
  });

  it("refuses an expiry before the earliest date, and a type of the other account type", () => {
    expect(problems(schema.safeParse({ ...filled, expiryDate: "2026-11-25" }))).toEqual({
      expiryDate: "expiryInPast",
    });
    expect(problems(schema.safeParse({ ...filled, idType: "business_license" }))).toEqual({
      idType: "required",
    });
    expect(
      idUploadFormSchema("company", "2026-11-26").safeParse({ ...filled, idType: "business_license" })
        .success,
    ).toBe(true);
  });

  it("refuses an ID number longer than the API stores", () => {
    const long = "X".repeat(ID_NUMBER_MAX_LENGTH + 1);
    expect(problems(schema.safeParse({ ...filled, idNumber: long }))).toEqual({
      idNumber: "idNumberTooLong",
    });
  });
});
