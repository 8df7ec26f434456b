import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

// One module per step: a page's bundle holds the client components its module graph imports,
// so a shared module of all the steps would send every step's form (the profile form with its
// phone metadata among them) to each step's page.

/** The title of `/personal-sign-contract` and `/company-sign-contract`. */
export async function signContractMetadata(): Promise<Metadata> {
  const t = await getTranslations("SignContract");
  return { title: t("title") };
}
