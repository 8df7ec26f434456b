import { useTranslations } from "next-intl";
import { linkClass } from "@/components/ui/styles";
import type { AccountType } from "@/lib/vocabulary";

/**
 * Said where a member hands over an ID document or bank details: why they are needed and how
 * long they are kept, with the privacy policy linked when the operator has configured one.
 */
export function DataUseNotice({
  topic,
  accountType,
  privacyUrl,
}: {
  topic: "id" | "bank";
  accountType: AccountType;
  privacyUrl?: string;
}) {
  const t = useTranslations("DataUseNotice");
  return (
    <div className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
      <p>{topic === "id" ? t("id", { type: accountType }) : t("bank")}</p>
      <p>
        {t("deletion")}
        {privacyUrl && (
          <>
            {" "}
            {t.rich("more", {
              link: (chunks) => (
                <a href={privacyUrl} className={`${linkClass} underline`}>
                  {chunks}
                </a>
              ),
            })}
          </>
        )}
      </p>
    </div>
  );
}
