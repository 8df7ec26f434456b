import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SectionCard } from "@/components/ui/card";
import { canSignContract, type OnboardingStatus, type SentBack } from "@/lib/schemas/onboarding";
import { SentBackNote, sentBackNoteId } from "./sent-back-note";

const actionClass =
  "flex items-center justify-between rounded-lg border border-slate-300 px-4 py-3 font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";
const nextActionClass =
  "flex items-center justify-between rounded-lg border border-brand-700 bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/**
 * One action per onboarding step; signing only once the three earlier ones are done. The first
 * open step is marked as the next one and stands out: it is the dashboard's call to action. A
 * step an admin sent back has the admin's note beside its action.
 */
export async function QuickActions({
  status,
  userType,
  sentBack = null,
}: {
  status: OnboardingStatus;
  userType: "personal" | "company";
  sentBack?: SentBack | null;
}) {
  const t = await getTranslations("Dashboard.actions");
  const prefix = `/${userType}`;
  const actions = [
    {
      step: "email",
      done: status.email_verified === 1,
      href: `${prefix}-verify-email`,
      label: t("verifyEmail"),
    },
    {
      step: "documents",
      done: status.documents_uploaded === 1,
      href: `${prefix}-id-upload`,
      label: userType === "company" ? t("uploadContactId") : t("uploadId"),
    },
    {
      step: "profile",
      done: status.profile_completed === 1,
      href: `${prefix}-complete-profile`,
      label: t("completeProfile"),
    },
  ] as const;
  // Only while the step is open: the note is about what to do again.
  const noteFor = (step: SentBack["step"], done: boolean) =>
    sentBack?.step === step && !done ? <SentBackNote sentBack={sentBack} /> : null;
  const signable = canSignContract(status);
  const next = actions.find((action) => !action.done)?.href ?? (signable ? `${prefix}-sign-contract` : null);
  const nextLabel = (
    <span className="mb-1 block text-sm font-semibold uppercase tracking-wide text-brand-800">
      {t("next")}
    </span>
  );
  return (
    <SectionCard id="actions" title={t("heading")}>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {actions.map((action) => (
          <li key={action.href}>
            {action.done ? (
              <p className="flex items-center justify-between rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-900">
                {action.label} <span>✓ {t("done")}</span>
              </p>
            ) : (
              <>
                {action.href === next && nextLabel}
                <Link
                  href={action.href}
                  aria-describedby={sentBack?.step === action.step ? sentBackNoteId : undefined}
                  className={action.href === next ? nextActionClass : actionClass}
                >
                  {action.label} <span aria-hidden="true">→</span>
                </Link>
                {noteFor(action.step, action.done)}
              </>
            )}
          </li>
        ))}
        <li>
          {signable ? (
            <>
              {next === `${prefix}-sign-contract` && nextLabel}
              <Link
                href={`${prefix}-sign-contract`}
                aria-describedby={sentBack?.step === "contract" ? sentBackNoteId : undefined}
                className={next === `${prefix}-sign-contract` ? nextActionClass : actionClass}
              >
                {t("signContract")} <span aria-hidden="true">→</span>
              </Link>
              {noteFor("contract", status.contract_signed === 1)}
            </>
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
    </SectionCard>
  );
}
