import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { MemberTemplate } from "../../../lib/schemas/contracts";
import type { Database } from "../../db";
import { contractTemplates } from "../../db/schema";

export type TemplateLanguage = "de" | "en";

/** Who is choosing: the member's account type decides the audience, their language the default. */
export type TemplateChooser = { id: string; userType: "personal" | "company"; language: TemplateLanguage };

/** A template's columns as the member's lists show them (sign-contract and re-sign pages). */
export const listedTemplateColumns = {
  id: contractTemplates.id,
  name: contractTemplates.name,
  description: contractTemplates.description,
  type: contractTemplates.type,
  lang: contractTemplates.language,
  version: contractTemplates.currentVersion,
};

/** Active templates meant for this account type (or for both). */
export const activeTemplatesFor = (userType: "personal" | "company") =>
  and(eq(contractTemplates.state, "active"), inArray(contractTemplates.audience, [userType, "both"]));

/**
 * The templates this member signs: active ones whose audience is the member's account
 * type or 'both', in `lang` (default: the member's language); when none exist in that language,
 * those of the other one. `done` says whether the member has a signed contract for the
 * template's current version, so a new version asks for a new signature.
 *
 * The one place that decides it: the template list, signing, uploads and completion all call it.
 */
export async function chooseMemberTemplates(
  db: Database,
  member: TemplateChooser,
  lang?: TemplateLanguage,
): Promise<MemberTemplate[]> {
  const rows = await db
    .select({
      ...listedTemplateColumns,
      // Written out with table names: drizzle leaves columns unqualified in a one-table select,
      // and inside the subquery "id" would then name the signature's id.
      done: sql<boolean>`exists (
        select 1 from contract_signatures s
        where s.user_id = ${member.id}
          and s.template_id = contract_templates.id
          and s.template_version = contract_templates.current_version
      )`,
    })
    .from(contractTemplates)
    .where(activeTemplatesFor(member.userType))
    .orderBy(asc(contractTemplates.name), asc(contractTemplates.createdAt));
  const wanted = lang ?? member.language;
  const inWanted = rows.filter((row) => row.lang === wanted);
  const chosen = inWanted.length > 0 ? inWanted : rows.filter((row) => row.lang !== wanted);
  return chosen.map((row) => ({ ...row, done: Boolean(row.done) }));
}

/** Templates of `templates` the member has not yet signed at their current version. */
export const missingTemplates = (templates: MemberTemplate[]) =>
  templates.filter((template) => !template.done).map(({ id, name }) => ({ id, name }));
