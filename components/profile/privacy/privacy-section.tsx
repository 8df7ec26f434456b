import { getTranslations } from "next-intl/server";
import { SectionCard } from "@/components/ui/card";
import type { SessionUser } from "@/lib/schemas/auth";
import { DeleteAccount } from "./delete-account";
import { ExportData } from "./export-data";

/** The profile's Privacy section: download the member's data, delete the account. */
export async function PrivacySection({ user, twoFactor }: { user: SessionUser; twoFactor: boolean }) {
  const t = await getTranslations("ProfilePrivacy");
  return (
    <SectionCard id="privacy" title={t("title")}>
      <p className="mt-1 text-slate-700">{t("intro")}</p>
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <ExportData twoFactor={twoFactor} />
        <DeleteAccount twoFactor={twoFactor} isAdmin={user.role !== "user"} />
      </div>
    </SectionCard>
  );
}
