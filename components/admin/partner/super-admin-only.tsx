import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { linkClass } from "@/components/ui/styles";

/** What an admin who is not a super admin sees instead of the keys and the plan. */
export async function SuperAdminOnly() {
  const t = await getTranslations("AdminPartner.superAdminOnly");
  return (
    <Card as="section" aria-labelledby="super-admin-only-heading" padding="compact">
      <h2 id="super-admin-only-heading" className="text-lg font-semibold text-slate-900">
        {t("heading")}
      </h2>
      <p className="mt-2 text-slate-800">{t("text")}</p>
      <p className="mt-4">
        <Link href="/admin/dashboard" className={linkClass}>
          {t("back")}
        </Link>
      </p>
    </Card>
  );
}
