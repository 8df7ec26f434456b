import "server-only";
import { apiPath } from "@/lib/api/endpoint";
import { referralApi } from "@/lib/api/referrals";
import { referralInfoSchema } from "@/lib/schemas/referrals";
import { apiLoadAsVisitor } from "@/web/api-server";
import { type LinkState, linkIsDead, REF_TOKEN_MAX_LENGTH } from "./referral-link-state";

/**
 * The referral link checked for the first render of /register, as the visitor's own browser
 * would check it (the API counts the visit the same way). Null when the check said nothing
 * about the link (no answer, 5xx, 429): the browser then checks and can offer a retry.
 */
export async function checkReferralLink(refToken: string | null): Promise<LinkState | null> {
  if (!refToken || refToken.length > REF_TOKEN_MAX_LENGTH) return { kind: "invalid" };
  const answer = await apiLoadAsVisitor(apiPath(referralApi.info, { token: refToken }), referralInfoSchema);
  if (answer.ok) return { kind: "valid", info: answer.data };
  return linkIsDead(answer.error.status) ? { kind: "invalid" } : null;
}
