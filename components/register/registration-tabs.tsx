"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { Tabs } from "@/components/ui/tabs";
import { ACCOUNT_TYPES, type AccountType } from "@/lib/vocabulary";
import { RegistrationForm } from "./registration-form";
import { useCountryDetection } from "./use-country-detection";
import { useRegistrationSubmit } from "./use-registration-submit";

/** The newly shown form fades in over this long (none for visitors who ask for less motion). */
const TAB_FADE_MS = 180;

/**
 * The two account types as tabs over one registration form. Leaving a tab empties its form, so
 * nothing typed for one account type is sent as the other.
 */
export function RegistrationTabs({
  refToken,
  referralEmail,
  onLinkGone,
}: {
  refToken: string;
  /** The referrer's email from the referral info: a personal registration sends it along. */
  referralEmail: string | null;
  onLinkGone: () => void;
}) {
  const t = useTranslations("Register");
  const detection = useCountryDetection();
  const { status, submit, reset } = useRegistrationSubmit(onLinkGone);
  const [type, setType] = useState<AccountType>("personal");
  const [generation, setGeneration] = useState<Record<AccountType, number>>({ personal: 0, company: 0 });
  const switched = useRef(false);
  const busy = status === "submitting" || status === "success";

  const switchTo = (next: string) => {
    const target = ACCOUNT_TYPES.find((candidate) => candidate === next);
    if (!target || target === type || busy) return;
    switched.current = true;
    reset();
    setGeneration((current) => ({ ...current, [type]: current[type] + 1 }));
    setType(target);
  };

  return (
    <div data-state={status}>
      <Tabs
        label={t("tabs.label")}
        value={type}
        onChange={switchTo}
        tabs={ACCOUNT_TYPES.map((name) => ({
          id: name,
          label: t(`tabs.${name}`),
          content:
            name === type ? (
              <FadeIn key={`${name}-${generation[name]}`} animate={switched.current}>
                <RegistrationForm
                  type={name}
                  refToken={refToken}
                  referralEmail={referralEmail}
                  country={detection.country}
                  detecting={detection.detecting}
                  busy={busy}
                  submitting={status === "submitting"}
                  onSubmit={(values) => submit(name, values)}
                />
              </FadeIn>
            ) : null,
        }))}
      />
    </div>
  );
}

function FadeIn({ animate, children }: { animate: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Started before paint, so the form never flashes in at full opacity.
  useLayoutEffect(() => {
    if (!animate || !ref.current || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const animation = ref.current.animate([{ opacity: 0 }, { opacity: 1 }], {
      duration: TAB_FADE_MS,
      easing: "ease-out",
    });
    return () => animation.cancel();
  }, [animate]);
  return <div ref={ref}>{children}</div>;
}
