import { and, desc, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import {
  type AdminMemberContracts,
  RESIGN_PENDING_SHOWN,
  type ResignPending,
  type ResignTemplate,
} from "../../../lib/schemas/contracts";
import type { Database } from "../../db";
import { contractSignatures, contractTemplates, users } from "../../db/schema";
import { AppError } from "../../errors";
import { isUuid } from "../ids";
import { signatureColumns } from "./member-contracts";
import { activeTemplatesFor, listedTemplateColumns } from "./member-templates";

/** Who may have to sign again: their account type decides the audience. */
type ResignMember = {
  id: string;
  userType: "personal" | "company";
  contractSignedAt: Date | null;
};

/**
 * The newest version of a template published as "members must sign again", up to the current
 * one, as a subquery over the template row named `table` (a constant, never input).
 */
const requiredVersionOf = (table: "contract_templates" | "t") =>
  sql.raw(`(
    select max(v.version) from contract_template_versions v
    where v.template_id = ${table}.id
      and v.resign_required
      and v.version <= ${table}.current_version
  )`);

/**
 * The templates this member must sign again: active ones of their audience (the member's account
 * type or 'both') of which they signed some version, but none as new as the newest version
 * published as "members must sign again". A template the member never signed is not a re-sign
 * (it is an onboarding matter), and neither is anything before the contract step was completed:
 * the onboarding page then asks for the current versions anyway.
 *
 * Language needs no rule of its own: a template exists per language, and the member re-signs the
 * very template (and so the language) they signed.
 */
export async function templatesToResign(db: Database, member: ResignMember): Promise<ResignTemplate[]> {
  if (!member.contractSignedAt) return [];
  const rows = await db
    .select({
      ...listedTemplateColumns,
      requiredVersion: sql<number | null>`${requiredVersionOf("contract_templates")}`,
      signedVersion: sql<number | null>`(
        select max(s.template_version) from contract_signatures s
        where s.user_id = ${member.id} and s.template_id = contract_templates.id
      )`,
    })
    .from(contractTemplates)
    .where(activeTemplatesFor(member.userType))
    .orderBy(contractTemplates.name, contractTemplates.createdAt);
  return rows.flatMap((row) => {
    // Drivers hand max() over as a number or a numeric string.
    const required = row.requiredVersion === null ? null : Number(row.requiredVersion);
    const signed = row.signedVersion === null ? null : Number(row.signedVersion);
    if (required === null || signed === null || signed >= required) return [];
    return [{ ...row, requiredVersion: required, signedVersion: signed }];
  });
}

type PendingRow = {
  template_id: string;
  name: string;
  lang: "de" | "en";
  required_version: number | string;
  current_version: number | string;
  resigned_count: number | string;
  pending_count: number | string;
  user_id: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  user_type: "personal" | "company" | null;
  signed_version: number | string | null;
  signed_at: Date | string | null;
};

function nameOf(row: PendingRow): string | null {
  if (row.user_type === "company" && row.company_name?.trim()) return row.company_name.trim();
  const full = [row.first_name, row.last_name].filter((part) => part?.trim()).join(" ");
  return full || null;
}

/**
 * GET /api/admin/contracts/resign-pending: every active template with a version published as
 * "members must sign again", how many of its signers have signed that version (or a newer one),
 * and those who have not — members whose contract step is done and whose newest signature of the
 * template is older. The first RESIGN_PENDING_SHOWN of them are listed by name, the rest counted.
 */
export async function listPendingResigns(db: Database): Promise<ResignPending["templates"]> {
  const result = await db.execute(sql`
    with required as (
      select t.id, t.name, t.language, t.audience, t.current_version,
        ${requiredVersionOf("t")} as required_version
      from contract_templates t
      where t.state = 'active'
    ),
    signers as (
      select r.id as template_id, u.id as user_id, u.email, u.first_name, u.last_name,
        u.company_name, u.user_type, max(s.template_version) as signed_version,
        max(s.signed_at) as signed_at, r.required_version
      from required r
      join contract_signatures s on s.template_id = r.id
      join users u on u.id = s.user_id
      where r.required_version is not null
        and u.contract_signed_at is not null
        and u.role = 'user'
        and (r.audience = 'both' or r.audience::text = u.user_type::text)
      group by r.id, u.id, r.required_version
    ),
    counted as (
      select template_id,
        count(*) filter (where signed_version >= required_version) as resigned_count,
        count(*) filter (where signed_version < required_version) as pending_count
      from signers group by template_id
    ),
    listed as (
      select *, row_number() over (
        partition by template_id
        order by lower(coalesce(nullif(btrim(company_name), ''), btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')))), email
      ) as position
      from signers where signed_version < required_version
    )
    select r.id as template_id, r.name, r.language as lang, r.required_version, r.current_version,
      coalesce(c.resigned_count, 0) as resigned_count, coalesce(c.pending_count, 0) as pending_count,
      l.user_id, l.email, l.first_name, l.last_name, l.company_name, l.user_type,
      l.signed_version, l.signed_at
    from required r
    left join counted c on c.template_id = r.id
    left join listed l on l.template_id = r.id and l.position <= ${RESIGN_PENDING_SHOWN}
    where r.required_version is not null
    order by r.name, r.language::text, r.id, l.position
  `);
  const byTemplate = new Map<string, ResignPending["templates"][number]>();
  for (const row of (result as unknown as { rows: PendingRow[] }).rows) {
    let entry = byTemplate.get(row.template_id);
    if (!entry) {
      entry = {
        templateId: row.template_id,
        name: row.name,
        lang: row.lang,
        requiredVersion: Number(row.required_version),
        currentVersion: Number(row.current_version),
        resignedCount: Number(row.resigned_count),
        pendingCount: Number(row.pending_count),
        pending: [],
      };
      byTemplate.set(row.template_id, entry);
    }
    if (row.user_id && row.email && row.user_type && row.signed_version !== null && row.signed_at) {
      entry.pending.push({
        userId: row.user_id,
        email: row.email,
        name: nameOf(row),
        userType: row.user_type,
        signedVersion: Number(row.signed_version),
        signedAt: new Date(row.signed_at).toISOString(),
      });
    }
  }
  return [...byTemplate.values()];
}

/**
 * GET /api/admin/user/{id}/contracts: every evidence row of the member, newest first (a re-sign
 * adds rows beside the earlier ones), and what they must still sign again.
 */
export async function memberContractsForAdmin(
  db: Database,
  load: (id: string) => Promise<ResignMember | undefined>,
  userId: string,
): Promise<AdminMemberContracts> {
  const member = isUuid(userId) ? await load(userId.toLowerCase()) : undefined;
  if (!member) throw new AppError("NOT_FOUND", "targetUserNotFound");
  const [signatures, resign] = await Promise.all([
    db
      .select({ id: contractSignatures.id, ...signatureColumns })
      .from(contractSignatures)
      .where(eq(contractSignatures.userId, member.id))
      .orderBy(desc(contractSignatures.signedAt), contractSignatures.templateName),
    templatesToResign(db, member),
  ]);
  return {
    signatures: signatures.map((row) => ({ ...row, signedAt: row.signedAt.toISOString() })),
    resign,
  };
}

/**
 * Inside the transaction that publishes `version` of a template as "members must sign again":
 * the members to tell — those whose contract step is done, who signed an earlier version of this
 * template and whose audience it still is. Suspended accounts get no mail.
 */
export async function membersToTellOfResign(tx: Database, templateId: string) {
  return tx
    .select({ email: users.email, language: users.language, userType: users.userType })
    .from(users)
    .innerJoin(contractTemplates, eq(contractTemplates.id, templateId))
    .where(
      and(
        isNotNull(users.contractSignedAt),
        eq(users.role, "user"),
        ne(users.status, "suspended"),
        eq(contractTemplates.state, "active"),
        or(
          eq(contractTemplates.audience, "both"),
          sql`${contractTemplates.audience}::text = ${users.userType}::text`,
        ),
        sql`exists (
          select 1 from contract_signatures s
          where s.user_id = ${users.id} and s.template_id = ${templateId}
        )`,
      ),
    );
}
