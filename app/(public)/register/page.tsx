import { publicMetadata, queryParam, type SearchParams } from "@/components/layout/public-page";
import { checkReferralLink } from "@/components/register/check-link.server";
import { RegisterPage } from "@/components/register/register-page";

export const generateMetadata = publicMetadata("Register", { tokenInUrl: true });

/** /register?ref=…: registration through a referral link; no ref is an invalid link. */
export default async function RegisterRoute({ searchParams }: { searchParams: SearchParams }) {
  const refToken = (await queryParam(searchParams, "ref")) || null;
  const checked = await checkReferralLink(refToken);
  // A new token starts the page over (checking, forms) instead of reusing its state.
  return <RegisterPage key={refToken ?? ""} refToken={refToken} checked={checked} />;
}
