import { getTranslations } from "next-intl/server";
import { SectionCard } from "@/components/ui/card";
import type { OnboardingStatus } from "@/lib/schemas/onboarding";

type Step = { key: keyof OnboardingStatus; label: string; done: string };

/** Four cards, one per onboarding step, each 'done' or 'missing'; the ID card reads 'contact ID' for companies. */
export async function StatusCards({
  status,
  userType,
}: {
  status: OnboardingStatus;
  userType: "personal" | "company";
}) {
  const t = await getTranslations("Dashboard.status");
  const steps: Step[] = [
    { key: "email_verified", label: t("email"), done: t("verified") },
    {
      key: "documents_uploaded",
      label: userType === "company" ? t("contactId") : t("id"),
      done: t("uploaded"),
    },
    { key: "profile_completed", label: t("profile"), done: t("complete") },
    { key: "contract_signed", label: t("contract"), done: t("signed") },
  ];
  return (
    <SectionCard id="status" title={t("heading")}>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step) => {
          const done = status[step.key] === 1;
          return (
            <li
              key={step.key}
              data-step={step.key}
              data-done={done}
              className={`rounded-xl border p-4 ${done ? "border-green-300 bg-green-50" : "border-amber-300 bg-amber-50"}`}
            >
              <p className="text-sm font-medium text-slate-800">{step.label}</p>
              <p className={`mt-1 text-lg font-semibold ${done ? "text-green-800" : "text-amber-900"}`}>
                <span aria-hidden="true">{done ? "✓ " : "• "}</span>
                {done ? step.done : t("missing")}
              </p>
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}
