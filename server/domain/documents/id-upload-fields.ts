import { z } from "zod";
import { ID_NUMBER_MAX_LENGTH } from "../../../lib/constants";
import type { ValidationIssue } from "../../../lib/schemas/common";
import { COMPANY_ID_TYPES, PERSONAL_ID_TYPES } from "../../../lib/vocabulary";

// The text fields of an ID upload. They arrive inside a multipart body read as a
// stream, so they are checked here rather than by a route validator (which would buffer the
// body). The field rules could move to lib/schemas/onboarding.ts once the upload form shares them.

export type IdDocumentType = "personal_id" | "company_id";

const ID_TYPES_BY_DOCUMENT = {
  personal_id: PERSONAL_ID_TYPES,
  company_id: COMPANY_ID_TYPES,
} as const;

/** The one message for anything missing. */
export const MISSING_FIELDS_MESSAGE = "please fill all fields and upload both front and back images";
const EXPIRY_NOT_IN_FUTURE_MESSAGE = "Expiry date must be in the future.";

const TEXT_FIELDS = ["idType", "idNumber", "expiryDate"] as const;

// Control and format characters (bidi overrides, zero-width) have no place in an ID number.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

function fieldSchemas(documentType: IdDocumentType, today: string) {
  return {
    idType: z.enum(ID_TYPES_BY_DOCUMENT[documentType], { error: "Please choose a valid ID type." }),
    idNumber: z
      .string()
      .trim()
      .min(1, MISSING_FIELDS_MESSAGE)
      .max(ID_NUMBER_MAX_LENGTH, `The ID number can have at most ${ID_NUMBER_MAX_LENGTH} characters.`)
      .refine((value) => !INVISIBLE.test(value), "Please enter a valid ID number."),
    // ISO calendar dates compare correctly as strings; "today" is the UTC date.
    expiryDate: z.iso
      .date({ error: "Please enter the expiry date as YYYY-MM-DD." })
      .refine((value) => value > today, EXPIRY_NOT_IN_FUTURE_MESSAGE),
  };
}

/** The has-backside flag is on unless the form says otherwise. */
function hasBackside(fields: ReadonlyMap<string, string>): boolean {
  const value = fields.get("hasBackside")?.trim().toLowerCase();
  return !(value === "false" || value === "0" || value === "off");
}

export type IdUploadFields = {
  idType: string;
  idNumber: string;
  expiryDate: string;
  hasBackside: boolean;
};

export type FieldCheck = { ok: true; value: IdUploadFields } | { ok: false; issues: ValidationIssue[] };

/**
 * Checks the text fields and which sides arrived. `partial` checks only what has arrived so far
 * (while the body is still streaming, to refuse before decoding images); otherwise every required
 * field and image must be there. Missing entries are reported first, with the spec's message.
 */
export function checkIdUploadFields(
  fields: ReadonlyMap<string, string>,
  sides: ReadonlySet<"front" | "back">,
  options: { documentType: IdDocumentType; today: string; partial?: boolean },
): FieldCheck {
  const backside = hasBackside(fields);
  if (!options.partial) {
    const required = [...TEXT_FIELDS, "front", ...(backside ? ["back"] : [])];
    const missing = required.filter((name) =>
      name === "front" || name === "back" ? !sides.has(name) : (fields.get(name) ?? "").trim() === "",
    );
    if (missing.length) {
      return { ok: false, issues: missing.map((path) => ({ path, message: MISSING_FIELDS_MESSAGE })) };
    }
  }
  const schemas = fieldSchemas(options.documentType, options.today);
  const issues: ValidationIssue[] = [];
  const value: Record<string, string> = {};
  for (const name of TEXT_FIELDS) {
    const raw = fields.get(name);
    if (options.partial && (raw === undefined || raw.trim() === "")) continue;
    const parsed = schemas[name].safeParse(raw ?? "");
    if (parsed.success) value[name] = parsed.data;
    else issues.push({ path: name, message: parsed.error.issues[0]?.message ?? MISSING_FIELDS_MESSAGE });
  }
  if (issues.length) return { ok: false, issues };
  return {
    ok: true,
    value: {
      idType: value.idType ?? "",
      idNumber: value.idNumber ?? "",
      expiryDate: value.expiryDate ?? "",
      hasBackside: backside,
    },
  };
}
