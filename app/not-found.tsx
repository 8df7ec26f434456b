import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { VisitorHeader } from "@/components/layout/visitor-header";
import { Card } from "@/components/ui/card";

/** Any unknown path shows 'Page Not Found' with a way back to the login. */
export default async function NotFound() {
  const t = await getTranslations("NotFound");
  return (
    <>
      <VisitorHeader />
      <main id="main" className="flex min-h-[calc(100vh-4rem)] items-center justify-center px-4 pb-16">
        <Card
          as="section"
          padding="lg"
          className="w-full max-w-md text-center"
          aria-labelledby="not-found-title"
        >
          <p className="text-5xl font-bold text-brand-700">{t("code")}</p>
          <h1 id="not-found-title" className="mt-4 text-2xl font-semibold text-slate-900">
            {t("title")}
          </h1>
          <p className="mt-2 text-slate-700">{t("description")}</p>
          <Link
            href="/login"
            className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-900"
          >
            {t("backToLogin")}
          </Link>
        </Card>
      </main>
    </>
  );
}
