import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { canSignContract, type OnboardingStatus } from "@/lib/schemas/onboarding";

const actionClass =
  "flex items-center justify-between rounded-lg border border-slate-300 px-4 py-3 font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/** Spec §2/§4 quick actions: one per open step; signing only once the three earlier ones are done. */
export async function QuickActions({
  status,
  userType,
}: {
  status: OnboardingStatus;
  userType: "personal" | "company";
}) {
  const t = await getTranslations("Dashboard.actions");
  const prefix = `/${userType}`;
  const actions = [
    { done: status.email_verified === 1, href: `${prefix}-verify-email`, label: t("verifyEmail") },
    {
      done: status.documents_uploaded === 1,
      href: `${prefix}-id-upload`,
      label: userType === "company" ? t("uploadContactId") : t("uploadId"),
    },
    { done: status.profile_completed === 1, href: `${prefix}-complete-profile`, label: t("completeProfile") },
  ];
  const signable = canSignContract(status);
  return (
    <section aria-labelledby="actions-heading" className="rounded-2xl bg-white p-6 shadow-xl">
      <h2 id="actions-heading" className="text-lg font-semibold text-slate-900">
        {t("heading")}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {actions.map((action) => (
          <li key={action.href}>
            {action.done ? (
              <p className="flex items-center justify-between rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-900">
                {action.label} <span>✓ {t("done")}</span>
              </p>
            ) : (
              <Link href={action.href} className={actionClass}>
                {action.label} <span aria-hidden="true">→</span>
              </Link>
            )}
          </li>
        ))}
        <li>
          {signable ? (
            <Link href={`${prefix}-sign-contract`} className={actionClass}>
              {t("signContract")} <span aria-hidden="true">→</span>
            </Link>
          ) : (
            <div>
              <button
                type="button"
                disabled
                aria-describedby="sign-blocked"
                className="w-full cursor-not-allowed rounded-lg border border-slate-300 bg-slate-100 px-4 py-3 text-left font-medium text-slate-700"
              >
                {t("signContract")}
              </button>
              <p id="sign-blocked" className="mt-1 text-sm text-slate-700">
                {t("signBlocked")}
              </p>
            </div>
          )}
        </li>
      </ul>
    </section>
  );
}
