import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PasswordResetRequestForm } from "@/components/auth/password-reset-request-form";
import { VisitorHeader } from "@/components/layout/visitor-header";
import { PublicCard } from "@/components/ui/card";
import { linkClass } from "@/components/ui/form-field";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("PasswordReset");
  return { title: t("title") };
}

/** /password-reset: ask for a reset link by email. */
export default async function PasswordResetPage() {
  const t = await getTranslations("PasswordReset");
  return (
    <>
      <VisitorHeader />
      <PublicCard title={t("title")} labelledBy="password-reset-title">
        <p className="-mt-2 mb-4 text-slate-700">{t("intro")}</p>
        <PasswordResetRequestForm />
        <p className="mt-6 text-center text-sm">
          <Link href="/login" className={linkClass}>
            {t("backToLogin")}
          </Link>
        </p>
      </PublicCard>
    </>
  );
}
