import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { TEMPLATE_AUDIENCES, TEMPLATE_STATES } from "../../../lib/contract-templates";
import { SIGNATURE_METHODS } from "../../../lib/vocabulary";
import { createdAt, id, requiredRef, timestamptz, updatedAt } from "./columns";
import { documents } from "./documents";
import { languageEnum, ownerId, userRef } from "./users";

export const templateAudienceEnum = pgEnum("template_audience", TEMPLATE_AUDIENCES);
export const templateStateEnum = pgEnum("template_state", TEMPLATE_STATES);
export const signatureMethodEnum = pgEnum("signature_method", SIGNATURE_METHODS);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Contract template. The text lives in versions; `current_version` is the one members
 * sign. Editing never changes an old version: it adds one.
 */
export const contractTemplates = pgTable(
  "contract_templates",
  {
    id: id(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    description: text("description"),
    language: languageEnum("language").notNull().default("de"),
    audience: templateAudienceEnum("audience").notNull().default("both"),
    state: templateStateEnum("state").notNull().default("active"),
    currentVersion: integer("current_version").notNull().default(1),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("contract_templates_state_idx").on(table.state, table.audience, table.language)],
);

/** One version of a template: sanitized HTML (sanitized again when rendered). */
export const contractTemplateVersions = pgTable(
  "contract_template_versions",
  {
    id: id(),
    templateId: requiredRef("template_id", () => contractTemplates.id, "cascade"),
    version: integer("version").notNull(),
    note: text("note"),
    html: text("html").notNull(),
    /** Published as "members must sign again": members who signed an earlier version re-sign. */
    resignRequired: boolean("resign_required").notNull().default(false),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("contract_template_versions_uq").on(table.templateId, table.version)],
);

/**
 * Company stamp: at most one exists, and it has id 1 (the check makes a second insert
 * a conflict, so two admins uploading at once cannot both win). Stored re-encoded as PNG.
 */
export const companyStamps = pgTable(
  "company_stamps",
  {
    id: integer("id").primaryKey(),
    label: text("label"),
    mimeType: text("mime_type").notNull(),
    image: bytea("image").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    isActive: boolean("is_active").notNull().default(false),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
  },
  (table) => [check("company_stamps_single", sql`${table.id} = 1`)],
);

/**
 * Evidence of one signed contract: which template version, when, from where, and the
 * SHA-256 of the stored file (the `documents` row of kind 'contract').
 */
export const contractSignatures = pgTable(
  "contract_signatures",
  {
    id: id(),
    userId: ownerId(),
    templateId: uuid("template_id").references(() => contractTemplates.id, { onDelete: "set null" }),
    templateName: text("template_name").notNull(),
    templateVersion: integer("template_version").notNull(),
    documentId: requiredRef("document_id", () => documents.id, "cascade"),
    method: signatureMethodEnum("method").notNull(),
    signedAt: timestamptz("signed_at").notNull().defaultNow(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    sha256: text("sha256").notNull(),
  },
  (table) => [index("contract_signatures_user_idx").on(table.userId, table.templateId)],
);
