import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { displayName } from "@/lib/display-name";
import { getSession } from "@/lib/web/session-server";

export default async function DashboardPage() {
  const session = await getSession();
  if (!session) redirect("/login");
  const t = await getTranslations("Dashboard");
  const { user } = session;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <section className="rounded-2xl bg-white p-6 shadow-xl">
        <h1 className="text-2xl font-semibold text-slate-900">
          {t("welcome", { name: displayName(user, t("fallbackName")) })}
        </h1>
        <p className="mt-1 text-slate-700">{t("accountType", { type: user.userType })}</p>
      </section>
    </main>
  );
}
