import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { VisitorHeader } from "@/components/layout/visitor-header";
import { checkReferralLink } from "@/components/register/check-link.server";
import { RegisterPage } from "@/components/register/register-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Register");
  // The URL carries the referral token: keep it out of Referer headers and search indexes.
  return { title: t("title"), referrer: "no-referrer", robots: { index: false, follow: false } };
}

/** /register?ref=…: registration through a referral link; no ref is an invalid link. */
export default async function RegisterRoute({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ref } = await searchParams;
  const refToken = (Array.isArray(ref) ? ref[0] : ref)?.trim() || null;
  const checked = await checkReferralLink(refToken);
  return (
    <>
      <VisitorHeader />
      {/* A new token starts the page over (checking, forms) instead of reusing its state. */}
      <RegisterPage key={refToken ?? ""} refToken={refToken} checked={checked} />
    </>
  );
}
