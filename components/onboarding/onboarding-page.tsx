import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { linkClass } from "@/components/ui/styles";

/**
 * The frame of an onboarding step (member page pattern): `main#main`, one white card with the
 * page's only h1, the step itself, and the way back to the dashboard.
 */
export function OnboardingPage({
  titleId,
  title,
  intro,
  backLabel,
  wide = false,
  children,
}: {
  titleId: string;
  title: string;
  intro?: ReactNode;
  backLabel: string;
  /** Forms with two columns get more room. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <main id="main" className={`mx-auto px-4 py-8 sm:px-6 ${wide ? "max-w-3xl" : "max-w-xl"}`}>
      <Card as="section" aria-labelledby={titleId} padding="none" className="p-5 sm:p-6">
        <h1 id={titleId} className="text-2xl font-semibold text-slate-900">
          {title}
        </h1>
        {intro && <div className="mt-1 text-slate-700">{intro}</div>}
        <div className="mt-6">{children}</div>
        <p className="mt-6 border-t border-slate-200 pt-4 text-sm">
          <Link href="/dashboard" className={linkClass}>
            <span aria-hidden="true">← </span>
            {backLabel}
          </Link>
        </p>
      </Card>
    </main>
  );
}
