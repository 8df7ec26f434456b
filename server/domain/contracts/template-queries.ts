import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { templateApi } from "../../../lib/api/contracts";
import { apiPath } from "../../../lib/api/endpoint";
import type { TemplateDetail, TemplateSummary } from "../../../lib/schemas/contracts";
import type { Database } from "../../db";
import { companyStamps, contractTemplates, contractTemplateVersions } from "../../db/schema";
import { isUuid } from "../ids";
import { sanitizeTemplateHtml } from "./template-html";

export type TemplateRow = typeof contractTemplates.$inferSelect;
export type TemplateVersionRow = typeof contractTemplateVersions.$inferSelect;

/** The template row, or null for an unknown or malformed id. */
async function findTemplate(db: Database, templateId: string): Promise<TemplateRow | null> {
  // A malformed id would make PostgreSQL refuse the uuid cast: it names no template.
  if (!isUuid(templateId)) return null;
  const [template] = await db
    .select()
    .from(contractTemplates)
    .where(eq(contractTemplates.id, templateId))
    .limit(1);
  return template ?? null;
}

/**
 * A template with one of its versions: the current one (the version members sign) unless a
 * version number is given. Null when the template or that version does not exist.
 */
export async function loadTemplateVersion(
  db: Database,
  templateId: string,
  version?: number,
): Promise<{ template: TemplateRow; version: TemplateVersionRow } | null> {
  const template = await findTemplate(db, templateId);
  if (!template) return null;
  const [versionRow] = await db
    .select()
    .from(contractTemplateVersions)
    .where(
      and(
        eq(contractTemplateVersions.templateId, templateId),
        eq(contractTemplateVersions.version, version ?? template.currentVersion),
      ),
    )
    .limit(1);
  if (!versionRow) return null;
  return { template, version: versionRow };
}

/** The active company stamp as PNG bytes (stamps are stored re-encoded as PNG), or null. */
export async function loadActiveStampPng(db: Database): Promise<Buffer | null> {
  const [stamp] = await db
    .select({ image: companyStamps.image })
    .from(companyStamps)
    .where(eq(companyStamps.isActive, true))
    .limit(1);
  return stamp ? Buffer.from(stamp.image) : null;
}

export type TemplateListFilter = {
  lang?: "de" | "en";
  audience?: "personal" | "company" | "both";
  state?: "active" | "inactive";
};

type VersionListRow = Pick<
  TemplateVersionRow,
  "templateId" | "version" | "note" | "resignRequired" | "createdAt"
>;

/** Every version of these templates (without their HTML), newest first, by template. */
async function listVersions(db: Database, templateIds: string[]): Promise<Map<string, VersionListRow[]>> {
  const byTemplate = new Map<string, VersionListRow[]>();
  if (templateIds.length === 0) return byTemplate;
  const rows = await db
    .select({
      templateId: contractTemplateVersions.templateId,
      version: contractTemplateVersions.version,
      note: contractTemplateVersions.note,
      resignRequired: contractTemplateVersions.resignRequired,
      createdAt: contractTemplateVersions.createdAt,
    })
    .from(contractTemplateVersions)
    .where(inArray(contractTemplateVersions.templateId, templateIds))
    .orderBy(desc(contractTemplateVersions.version));
  for (const row of rows) {
    const list = byTemplate.get(row.templateId) ?? [];
    list.push(row);
    byTemplate.set(row.templateId, list);
  }
  return byTemplate;
}

function toSummary(template: TemplateRow, versions: VersionListRow[]): TemplateSummary {
  return {
    id: template.id,
    name: template.name,
    type: template.type,
    description: template.description,
    lang: template.language,
    audience: template.audience,
    state: template.state,
    version: template.currentVersion,
    versions: versions.map((row) => ({
      version: row.version,
      note: row.note,
      resignRequired: row.resignRequired,
      createdAt: row.createdAt.toISOString(),
    })),
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}

/** GET /api/document-templates: the admin overview, ordered by name, then language. */
export async function listTemplates(db: Database, filter: TemplateListFilter): Promise<TemplateSummary[]> {
  const conditions = [
    filter.lang ? eq(contractTemplates.language, filter.lang) : undefined,
    filter.audience ? eq(contractTemplates.audience, filter.audience) : undefined,
    filter.state ? eq(contractTemplates.state, filter.state) : undefined,
  ];
  const templates = await db
    .select()
    .from(contractTemplates)
    .where(and(...conditions))
    // The language as text: the enum itself sorts in declaration order, not alphabetically.
    .orderBy(
      asc(contractTemplates.name),
      asc(sql`${contractTemplates.language}::text`),
      asc(contractTemplates.createdAt),
    );
  const versions = await listVersions(
    db,
    templates.map((template) => template.id),
  );
  return templates.map((template) => toSummary(template, versions.get(template.id) ?? []));
}

/** One template as a summary (after a state change), or null. */
export async function loadTemplateSummary(db: Database, templateId: string): Promise<TemplateSummary | null> {
  const template = await findTemplate(db, templateId);
  if (!template) return null;
  const versions = await listVersions(db, [template.id]);
  return toSummary(template, versions.get(template.id) ?? []);
}

/** GET /api/document-templates/{id}?version=n: one version with its stored (sanitized) HTML. */
export async function loadTemplateDetail(
  db: Database,
  templateId: string,
  version?: number,
): Promise<TemplateDetail | null> {
  const loaded = await loadTemplateVersion(db, templateId, version);
  if (!loaded) return null;
  const versions = await listVersions(db, [loaded.template.id]);
  const shown = loaded.version.version;
  return {
    ...toSummary(loaded.template, versions.get(loaded.template.id) ?? []),
    shownVersion: shown,
    note: loaded.version.note,
    resignRequired: loaded.version.resignRequired,
    // Stored sanitized; sanitized again in case a row came from elsewhere.
    html: sanitizeTemplateHtml(loaded.version.html),
    previewUrl: apiPath(templateApi.preview, { id: loaded.template.id }, { version: shown }),
  };
}
