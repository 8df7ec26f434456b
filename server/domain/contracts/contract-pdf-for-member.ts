import { eq } from "drizzle-orm";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { companyProfiles, personalProfiles } from "../../db/schema";
import { type RenderOptions, renderTemplatePdf } from "./render-template-pdf";
import type { PlaceholderValues } from "./template-html";
import type { TemplateRow, TemplateVersionRow } from "./template-queries";

export type MemberForContract = Pick<
  UserRow,
  "id" | "userType" | "email" | "firstName" | "lastName" | "companyName"
>;

const joined = (parts: Array<string | null | undefined>, separator: string) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(separator);

/**
 * What a contract says about the member (the template's placeholders): the name (for companies the
 * contact person, else first and last name), the company, the email and the address as
 * "street, zip city, country" from the completed profile.
 */
export async function memberPlaceholderValues(
  db: Database,
  member: MemberForContract,
): Promise<Omit<PlaceholderValues, "date">> {
  const personName = joined([member.firstName, member.lastName], " ");
  const profile =
    member.userType === "company"
      ? (
          await db
            .select({
              contactPersonName: companyProfiles.contactPersonName,
              address: companyProfiles.address,
              zipCode: companyProfiles.zipCode,
              city: companyProfiles.city,
              country: companyProfiles.country,
            })
            .from(companyProfiles)
            .where(eq(companyProfiles.userId, member.id))
            .limit(1)
        )[0]
      : (
          await db
            .select({
              address: personalProfiles.address,
              zipCode: personalProfiles.zipCode,
              city: personalProfiles.city,
              country: personalProfiles.country,
            })
            .from(personalProfiles)
            .where(eq(personalProfiles.userId, member.id))
            .limit(1)
        )[0];
  const contactPerson =
    profile && "contactPersonName" in profile ? (profile.contactPersonName as string | null)?.trim() : "";
  return {
    name: contactPerson || personName,
    first_name: member.firstName?.trim() ?? "",
    last_name: member.lastName?.trim() ?? "",
    company: member.userType === "company" ? (member.companyName?.trim() ?? "") : "",
    email: member.email,
    address: joined(
      [profile?.address, joined([profile?.zipCode, profile?.city], " "), profile?.country],
      ", ",
    ),
  };
}

/**
 * One template version filled with the member's data as a PDF: unsigned (the download), or with
 * the drawn signature and the active stamp (signing), with `values` from memberPlaceholderValues.
 * The date is written the way the template's language writes dates.
 */
export function renderContractForMember(
  loaded: { template: TemplateRow; version: TemplateVersionRow },
  values: Omit<PlaceholderValues, "date">,
  options: RenderOptions,
): Promise<Buffer> {
  return renderTemplatePdf(loaded, values, options);
}
