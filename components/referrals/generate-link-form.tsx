"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { FormField, inputClass, primaryButtonClass } from "@/components/ui/form-field";
import { notify } from "@/lib/notify";
import {
  createReferralSchema,
  DEFAULT_EXPIRY_DAYS,
  DEFAULT_MAX_USES,
  EXPIRY_DAY_OPTIONS,
  MAX_USES_OPTIONS,
  type ReferralLink,
  referralLinkSchema,
} from "@/lib/schemas/referrals";
import { secondaryButtonClass } from "./referral-links-table";

const LABEL_MAX_LENGTH = 80;
const UNLIMITED = 0;

/** Spec §2 generate-link widget with the §9 options; §8 messages on failure. */
export function GenerateLinkForm({
  onCreated,
  onCopy,
}: {
  onCreated: (link: ReferralLink) => void;
  onCopy: (link: string) => void;
}) {
  const t = useTranslations("Referrals");
  const { apiFetch } = useAuth();
  const id = useId();
  const [expiresInDays, setExpiresInDays] = useState<number>(DEFAULT_EXPIRY_DAYS);
  const [maxUses, setMaxUses] = useState<number>(DEFAULT_MAX_USES);
  const [label, setLabel] = useState("");
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<ReferralLink | null>(null);

  // Spec §9: choosing unlimited for one setting sets the other to unlimited too.
  const chooseExpiry = (value: number) => {
    setExpiresInDays(value);
    if (value === UNLIMITED) setMaxUses(UNLIMITED);
  };
  const chooseMaxUses = (value: number) => {
    setMaxUses(value);
    if (value === UNLIMITED) setExpiresInDays(UNLIMITED);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const body = createReferralSchema.safeParse({
      expiresInDays,
      maxUses,
      label: label.trim() || undefined,
    });
    if (!body.success) {
      notify.error(t("generate.failed"));
      return;
    }
    setBusy(true);
    try {
      const response = await apiFetch("/api/referral/create", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body.data),
      });
      // A 401 here means the session is gone: apiFetch has already said so and logged out.
      if (response.status === 401) return;
      const link = response.ok ? referralLinkSchema.safeParse(await response.json()) : null;
      if (!link?.success) {
        notify.error(t("generate.failed"));
        return;
      }
      setCreated(link.data);
      setLabel("");
      notify.success(t("generate.success"));
      onCreated(link.data);
    } catch {
      notify.error(t("generate.error"));
    } finally {
      setBusy(false);
    }
  };

  const hintId = `${id}-unlimited-hint`;
  return (
    <div className="mt-4 space-y-4">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id={`${id}-expiry`} label={t("generate.expiry")}>
            <select
              id={`${id}-expiry`}
              className={inputClass}
              value={expiresInDays}
              aria-describedby={hintId}
              onChange={(event) => chooseExpiry(Number(event.target.value))}
            >
              {EXPIRY_DAY_OPTIONS.map((days) => (
                <option key={days} value={days}>
                  {t("generate.expiryOption", { days })}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={`${id}-max-uses`} label={t("generate.maxUses")}>
            <select
              id={`${id}-max-uses`}
              className={inputClass}
              value={maxUses}
              aria-describedby={hintId}
              onChange={(event) => chooseMaxUses(Number(event.target.value))}
            >
              {MAX_USES_OPTIONS.map((uses) => (
                <option key={uses} value={uses}>
                  {t("generate.maxUsesOption", { uses })}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={`${id}-label`} label={t("generate.label")} hint={t("generate.labelHint")}>
            <input
              id={`${id}-label`}
              type="text"
              className={inputClass}
              value={label}
              maxLength={LABEL_MAX_LENGTH}
              autoComplete="off"
              aria-describedby={`${id}-label-hint`}
              onChange={(event) => setLabel(event.target.value)}
            />
          </FormField>
        </div>
        <p id={hintId} className="text-sm text-slate-600">
          {t("generate.unlimitedHint")}
        </p>
        <button type="submit" className={`${primaryButtonClass} sm:w-auto`} disabled={busy} aria-busy={busy}>
          {busy ? t("generate.submitting") : t("generate.submit")}
        </button>
      </form>

      {created && (
        <div className="rounded-xl border border-green-700/30 bg-green-50 p-4">
          <label htmlFor={`${id}-new-link`} className="block text-sm font-medium text-slate-800">
            {t("generate.newLink")}
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input
              id={`${id}-new-link`}
              type="text"
              readOnly
              value={created.link}
              className={`${inputClass} min-w-0 font-mono text-sm`}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className={secondaryButtonClass} onClick={() => onCopy(created.link)}>
              {t("copy")}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
