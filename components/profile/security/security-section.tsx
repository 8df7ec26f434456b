import { getTranslations } from "next-intl/server";
import { SectionCard } from "@/components/ui/card";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { accountSessionsResponseSchema } from "@/lib/schemas/account-security";
import { totpStatusSchema } from "@/lib/schemas/two-factor";
import { apiGetAsUser } from "@/web/api-server";
import { ChangePasswordForm } from "./change-password-form";
import { SessionList } from "./session-list";
import { TwoFactorPanel } from "./two-factor-panel";

/**
 * The profile's Security section: the password change and the signed-in browsers, each a
 * self-contained part, so another account-security part can sit beside them. The sessions come
 * with the first render; after a change the page is refreshed and the list keyed anew.
 */
export async function SecuritySection() {
  const t = await getTranslations("ProfileSecurity");
  const [response, twoFactor] = await Promise.all([
    apiGetAsUser(apiPath(authApi.sessions), accountSessionsResponseSchema),
    apiGetAsUser(apiPath(authApi.totpStatus), totpStatusSchema),
  ]);
  const sessions = response?.sessions ?? null;
  return (
    <SectionCard id="security" title={t("title")}>
      <p className="mt-1 text-slate-700">{t("intro")}</p>
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <ChangePasswordForm />
        <SessionList
          key={sessions?.map((session) => session.id).join() ?? "none"}
          initialSessions={sessions}
        />
      </div>
      <div className="mt-8 border-t border-slate-200 pt-6">
        <TwoFactorPanel key={twoFactor ? String(twoFactor.enabled) : "none"} initialStatus={twoFactor} />
      </div>
    </SectionCard>
  );
}
