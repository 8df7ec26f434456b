import { z } from "zod";
import { ID_NUMBER_MAX_LENGTH } from "../../../lib/constants";
import { COMPANY_ID_TYPES, PERSONAL_ID_TYPES } from "../../../lib/vocabulary";
import type { ErrorReason } from "../../errors";

// The text fields of an ID upload. They arrive inside a multipart body read as a
// stream, so they are checked here rather than by a route validator (which would buffer the
// body). The field rules could move to lib/schemas/onboarding.ts once the upload form shares them.

export type IdDocumentType = "personal_id" | "company_id";

const ID_TYPES_BY_DOCUMENT = {
  personal_id: PERSONAL_ID_TYPES,
  company_id: COMPANY_ID_TYPES,
} as const;

/**
 * Why a field is refused, as reason keys of the message catalogue; `idUploadIncomplete` is the
 * one text for anything missing.
 */
const FIELD_REASONS = [
  "idUploadIncomplete",
  "idTypeInvalid",
  "idNumberTooLong",
  "idNumberInvalid",
  "idExpiryDateFormat",
  "idExpiryNotInFuture",
] as const satisfies readonly ErrorReason[];
type FieldReason = (typeof FIELD_REASONS)[number];

/** The schemas name their reason as the message; anything else counts as missing. */
const reasonOf = (message: string | undefined): FieldReason =>
  FIELD_REASONS.find((reason) => reason === message) ?? "idUploadIncomplete";

/** A refused field: its name, the reason and the values of the reason's placeholders. */
export type FieldProblem = { path: string; reason: FieldReason; values?: { max: number } };

const problemOf = (path: string, reason: FieldReason): FieldProblem =>
  reason === "idNumberTooLong" ? { path, reason, values: { max: ID_NUMBER_MAX_LENGTH } } : { path, reason };

const TEXT_FIELDS = ["idType", "idNumber", "expiryDate"] as const;

// Control and format characters (bidi overrides, zero-width) have no place in an ID number.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

function fieldSchemas(documentType: IdDocumentType, today: string) {
  return {
    idType: z.enum(ID_TYPES_BY_DOCUMENT[documentType], { error: "idTypeInvalid" }),
    idNumber: z
      .string()
      .trim()
      .min(1, "idUploadIncomplete")
      .max(ID_NUMBER_MAX_LENGTH, "idNumberTooLong")
      .refine((value) => !INVISIBLE.test(value), "idNumberInvalid"),
    // ISO calendar dates compare correctly as strings; "today" is the UTC date.
    expiryDate: z.iso
      .date({ error: "idExpiryDateFormat" })
      .refine((value) => value > today, "idExpiryNotInFuture"),
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

export type FieldCheck = { ok: true; value: IdUploadFields } | { ok: false; problems: FieldProblem[] };

/**
 * Checks the text fields and which sides arrived. `partial` checks only what has arrived so far
 * (while the body is still streaming, to refuse before decoding images); otherwise every required
 * field and image must be there. Missing entries are reported first, with the spec's text.
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
      return { ok: false, problems: missing.map((path) => problemOf(path, "idUploadIncomplete")) };
    }
  }
  const schemas = fieldSchemas(options.documentType, options.today);
  const problems: FieldProblem[] = [];
  const value: Record<string, string> = {};
  for (const name of TEXT_FIELDS) {
    const raw = fields.get(name);
    if (options.partial && (raw === undefined || raw.trim() === "")) continue;
    const parsed = schemas[name].safeParse(raw ?? "");
    if (parsed.success) value[name] = parsed.data;
    else problems.push(problemOf(name, reasonOf(parsed.error.issues[0]?.message)));
  }
  if (problems.length) return { ok: false, problems };
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
