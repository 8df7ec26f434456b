import { getTranslations } from "next-intl/server";
import { LoginPanel } from "@/components/auth/login-panel";
import { publicMetadata } from "@/components/layout/public-page";
import { PublicCard } from "@/components/ui/card";

export const generateMetadata = publicMetadata("Login");

/** The login page, at / and /login. */
export default async function LoginPage() {
  const t = await getTranslations("Login");
  return (
    <PublicCard title={t("title")} labelledBy="login-title">
      <p className="-mt-2 mb-4 text-slate-700">{t("subtitle")}</p>
      <LoginPanel />
    </PublicCard>
  );
}
