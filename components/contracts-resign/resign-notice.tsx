import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { contractApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import { resignTemplatesResponseSchema } from "@/lib/schemas/contracts";
import { apiGetAsUser } from "@/web/api-server";
import { ResignItems } from "./resign-items";

/**
 * On the member dashboard, rendered with it: the contracts published anew as "members must sign
 * again" that this member signed at an older version, with the way to the re-sign page. Nothing
 * when there are none or the call failed (the dashboard does not depend on it).
 */
export async function ResignNotice({ userType }: { userType: "personal" | "company" }) {
  const answer = await apiGetAsUser(apiPath(contractApi.resignList), resignTemplatesResponseSchema);
  const templates = answer?.templates ?? [];
  if (templates.length === 0) return null;
  const t = await getTranslations("ContractResign.notice");
  return (
    <section
      aria-labelledby="resign-notice-heading"
      data-testid="resign-notice"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 shadow-xl"
    >
      <h2 id="resign-notice-heading" className="font-semibold">
        {t("title", { count: templates.length })}
      </h2>
      <p className="mt-1">{t("body")}</p>
      <ResignItems templates={templates} className="mt-2 list-disc space-y-1 pl-5" />
      <Link href={`/${userType}-resign-contract`} className={`${buttonClass({ size: "sm" })} mt-3`}>
        {t("action")}
      </Link>
    </section>
  );
}
