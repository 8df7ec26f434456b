import { getTranslations } from "next-intl/server";
import { TwoFactorPanel } from "@/components/profile/security/two-factor-panel";
import { Card } from "@/components/ui/card";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { totpStatusSchema } from "@/lib/schemas/two-factor";
import { apiGetAsUser } from "@/web/api-server";
import { isAdminRole } from "@/web/route-guards";
import { requireSession } from "@/web/session-server";

export async function generateMetadata() {
  const t = await getTranslations("TwoFactor");
  return { title: t("pageTitle") };
}

/**
 * Two-factor sign-in on a page of its own: where the admin layout sends an admin who has not set
 * it up yet (and where the way on to the admin area is offered once it is on).
 */
export default async function TwoFactorPage() {
  const session = await requireSession();
  const t = await getTranslations("TwoFactor");
  const status = await apiGetAsUser(apiPath(authApi.totpStatus), totpStatusSchema);
  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">{t("pageTitle")}</h1>
      <Card>
        <TwoFactorPanel initialStatus={status} heading="h2" adminContinue={isAdminRole(session.user.role)} />
      </Card>
    </main>
  );
}
