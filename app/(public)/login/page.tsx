import { getTranslations } from "next-intl/server";
import { LoginPanel } from "@/components/auth/login-panel";
import { VisitorHeader } from "@/components/layout/visitor-header";
import { PublicCard } from "@/components/ui/card";

export async function generateMetadata() {
  const t = await getTranslations("Login");
  return { title: t("title") };
}

/** The login page, at / and /login. */
export default async function LoginPage() {
  const t = await getTranslations("Login");
  return (
    <>
      <VisitorHeader />
      <PublicCard title={t("title")} labelledBy="login-title">
        <p className="-mt-2 mb-4 text-slate-700">{t("subtitle")}</p>
        <LoginPanel />
      </PublicCard>
    </>
  );
}
