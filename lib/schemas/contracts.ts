import { z } from "zod";
import {
  DEFAULT_TEMPLATE_AUDIENCE,
  DEFAULT_TEMPLATE_LANGUAGE,
  TEMPLATE_AUDIENCES,
  TEMPLATE_LANGUAGES,
  TEMPLATE_STATES,
} from "@/lib/contract-templates";
import { ACCOUNT_TYPES, SIGNATURE_METHODS } from "@/lib/vocabulary";

/**
 * Contract templates, the company stamp and signing. The API answers with these shapes
 * and the web tier reads them; routes in server/routes/{contract-templates,company-stamps,contracts}.ts.
 */

/** A drawn signature arrives as a PNG data URL; 400×120 strokes are a few KB. */
export const SIGNATURE_MAX_BYTES = 512 * 1024;

export const templateLanguageSchema = z.enum(TEMPLATE_LANGUAGES);
export const templateAudienceSchema = z.enum(TEMPLATE_AUDIENCES);
export const templateStateSchema = z.enum(TEMPLATE_STATES);

const templateVersionSchema = z.object({
  version: z.number().int(),
  note: z.string().nullable(),
  /** Published as "members must sign again": members who signed an earlier version re-sign. */
  resignRequired: z.boolean(),
  createdAt: z.string(),
});

/** A template as the admin overview lists it (GET /api/document-templates). */
export const templateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  lang: templateLanguageSchema,
  audience: templateAudienceSchema,
  state: templateStateSchema,
  /** The current version, the one members sign. */
  version: z.number().int(),
  /** Newest first. */
  versions: z.array(templateVersionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateListResponseSchema = z.object({ templates: z.array(templateSummarySchema) });
export type TemplateListResponse = z.infer<typeof templateListResponseSchema>;

/** GET /api/document-templates/{id}?version=n: one version with its sanitized HTML. */
export const templateDetailSchema = templateSummarySchema.extend({
  shownVersion: z.number().int(),
  note: z.string().nullable(),
  resignRequired: z.boolean(),
  html: z.string(),
  /** API path of the PDF preview of the shown version (admin only). */
  previewUrl: z.string(),
});
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

/** Template form: name and type required; the rest optional with defaults. */
export const templateFormSchema = z.object({
  name: z.string().trim().min(1).max(200),
  type: z.string().trim().min(1).max(100),
  description: z.string().trim().max(2000).optional(),
  lang: templateLanguageSchema.default(DEFAULT_TEMPLATE_LANGUAGE),
  audience: templateAudienceSchema.default(DEFAULT_TEMPLATE_AUDIENCE),
  note: z.string().trim().max(500).optional(),
});

/**
 * PUT /api/document-templates/{id}: every field optional and without defaults (a missing field
 * leaves the template as it is); an HTML file or field adds a version.
 */
export const templateUpdateFormSchema = templateFormSchema
  .extend({
    lang: templateLanguageSchema.optional(),
    audience: templateAudienceSchema.optional(),
    /**
     * With new HTML: members who signed an earlier version must sign the new one. A form field,
     * so "true"/"false" (a checkbox sends "on"); absent means false.
     */
    resign: z.enum(["true", "false", "on"]).transform((value) => value !== "false"),
  })
  .partial();

export const templateStateRequestSchema = z.object({ state: templateStateSchema });

/** A template as the member's lists name it: the sign-contract page and the re-sign page. */
const listedTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  lang: templateLanguageSchema,
  /** The current version: the one signed now. */
  version: z.number().int(),
});

/** A template as a member sees it on the sign-contract page (GET /api/contracts/templates). */
const memberTemplateSchema = listedTemplateSchema.extend({
  /** Whether this member already has a signed contract for this template's current version. */
  done: z.boolean(),
});
export type MemberTemplate = z.infer<typeof memberTemplateSchema>;

export const memberTemplatesResponseSchema = z.object({
  templates: z.array(memberTemplateSchema),
  contractSignedAt: z.string().nullable(),
});

/** A stored, signed contract (stored document, contract). */
const contractDocumentSchema = z.object({
  id: z.string(),
  templateId: z.string().nullable(),
  templateName: z.string(),
  templateVersion: z.number().int(),
  method: z.enum(SIGNATURE_METHODS),
  originalFilename: z.string(),
  signedAt: z.string(),
  sha256: z.string(),
  /** Short-lived download URL (issued after the ownership check). */
  signedUrl: z.string(),
});
export type ContractDocument = z.infer<typeof contractDocumentSchema>;

export const contractListResponseSchema = z.object({ contracts: z.array(contractDocumentSchema) });

/** POST /api/contracts/sign: one drawn signature signs every template the member needs. */
export const signContractRequestSchema = z.object({
  /** data:image/png;base64,… from the signature canvas. */
  signatureImage: z.string().min(1),
  /** The agreement checkbox (authority for companies; read-understood-signed for personal). */
  agreed: z.literal(true),
  /** The page's language; chooses the templates like GET /api/contracts/templates. */
  lang: templateLanguageSchema.optional(),
});

export const signContractResponseSchema = z.object({
  contracts: z.array(contractDocumentSchema),
  contractSignedAt: z.string(),
});

/** A template the member signed at an older version and must sign again (GET /api/contracts/resign). */
const resignTemplateSchema = listedTemplateSchema.extend({
  /** The newest version the member has signed. */
  signedVersion: z.number().int(),
  /** The newest version published as "members must sign again". */
  requiredVersion: z.number().int(),
});
export type ResignTemplate = z.infer<typeof resignTemplateSchema>;

export const resignTemplatesResponseSchema = z.object({ templates: z.array(resignTemplateSchema) });

/** POST /api/contracts/resign: one drawn signature signs every template to be signed again. */
export const resignContractRequestSchema = signContractRequestSchema.pick({
  signatureImage: true,
  agreed: true,
});

export const resignContractResponseSchema = z.object({ contracts: z.array(contractDocumentSchema) });

/** A member who signed an older version of a template and has not signed the required one. */
const resignPendingMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  userType: z.enum(ACCOUNT_TYPES),
  signedVersion: z.number().int(),
  signedAt: z.string(),
});

/** GET /api/admin/contracts/resign-pending: per template with a version to be signed again. */
export const resignPendingResponseSchema = z.object({
  templates: z.array(
    z.object({
      templateId: z.string(),
      name: z.string(),
      lang: templateLanguageSchema,
      requiredVersion: z.number().int(),
      currentVersion: z.number().int(),
      /** Members who have signed the required version or a newer one. */
      resignedCount: z.number().int(),
      pendingCount: z.number().int(),
      /** The first RESIGN_PENDING_SHOWN of them, by name. */
      pending: z.array(resignPendingMemberSchema),
    }),
  ),
});
export type ResignPending = z.infer<typeof resignPendingResponseSchema>;

/** How many members a template's "not re-signed" list shows; the count gives the rest. */
export const RESIGN_PENDING_SHOWN = 100;

/** GET /api/admin/user/{id}/contracts: a member's evidence rows and what they must sign again. */
export const adminMemberContractsResponseSchema = z.object({
  /** The evidence of a signed contract, without its file. */
  signatures: z.array(contractDocumentSchema.omit({ originalFilename: true, signedUrl: true })),
  resign: z.array(resignTemplateSchema),
});
export type AdminMemberContracts = z.infer<typeof adminMemberContractsResponseSchema>;

/** POST /api/upload/contract/{personal|company}: multipart templateId + file 'contract'. */
export const contractUploadResponseSchema = z.object({
  contract: contractDocumentSchema,
  /** Templates still without a signed contract. */
  missing: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** POST /api/contracts/complete: 200 when every template is done, else 422 listing the names. */
export const completeContractRequestSchema = z.object({ lang: templateLanguageSchema.optional() });
export const completeContractResponseSchema = z.object({ contractSignedAt: z.string() });

/** Company stamp. */
export const companyStampSchema = z.object({
  id: z.number().int(),
  label: z.string().nullable(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  isActive: z.boolean(),
  /** data:image/png;base64,… (stamps are at most 500 KB). */
  previewDataUri: z.string(),
  createdAt: z.string(),
});
export type CompanyStamp = z.infer<typeof companyStampSchema>;

export const stampListResponseSchema = z.object({ stamps: z.array(companyStampSchema) });
export const activeStampResponseSchema = z.object({ stamp: companyStampSchema.nullable() });
export const stampResponseSchema = z.object({ stamp: companyStampSchema });

/** POST /api/company-stamps (JSON). 409 answers `{error:{code:"CONFLICT",details:{stamp}}}`. */
export const stampUploadRequestSchema = z.object({
  base64: z.string().min(1),
  mimeType: z.string().optional(),
  label: z.string().trim().max(200).optional(),
  activate: z.boolean().optional(),
});
