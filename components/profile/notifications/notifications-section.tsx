import { getTranslations } from "next-intl/server";
import { SectionCard } from "@/components/ui/card";
import { accountApi } from "@/lib/api/account";
import { apiPath } from "@/lib/api/endpoint";
import { notificationSettingsResponseSchema } from "@/lib/schemas/account-notifications";
import { apiGetAsUser } from "@/web/api-server";
import { NotificationsForm } from "./notifications-form";

/**
 * My account's Notifications section: which mails about the member's referrals they get. The
 * choices come with the first render; the form saves them and keeps what was saved.
 */
export async function NotificationsSection() {
  const t = await getTranslations("ProfileNotifications");
  const response = await apiGetAsUser(apiPath(accountApi.notifications), notificationSettingsResponseSchema);
  return (
    <SectionCard id="notifications" title={t("title")}>
      <p className="mt-1 text-slate-700">{t("intro")}</p>
      {response ? (
        <NotificationsForm initial={response.notifications} />
      ) : (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-red-800">
          {t("loadError")}
        </p>
      )}
    </SectionCard>
  );
}
