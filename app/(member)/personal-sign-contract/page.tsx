import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SignContractPage } from "@/components/onboarding/sign-contract/sign-contract-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("SignContract");
  return { title: t("title") };
}

/** Spec §2 /personal-sign-contract. */
export default function PersonalSignContractRoute() {
  return <SignContractPage accountType="personal" />;
}
