import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SignContractPending } from "@/components/onboarding/sign-contract-pending";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ProfileForm.signContract");
  const common = await getTranslations("Common");
  return { title: `${t("title")} · ${common("appName")}` };
}

/** Spec §2 /personal-sign-contract (eligibility checked first; signing itself comes with issue 7). */
export default function PersonalSignContractPage() {
  return <SignContractPending accountType="personal" />;
}
