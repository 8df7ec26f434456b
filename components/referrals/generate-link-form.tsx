"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { ApiProblem } from "@/components/api/problem";
import { Button } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
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

const LABEL_MAX_LENGTH = 80;
const UNLIMITED = 0;

/**
 * The generator: expiry, maximum uses and a private label. The new link shows below with its
 * own copy button and takes focus, so keyboard and screen reader users land on what they made.
 */
export function GenerateLinkForm({
  onCreated,
  onCopy,
}: {
  onCreated: (link: ReferralLink) => void;
  onCopy: (link: string) => void;
}) {
  const t = useTranslations("Referrals");
  const id = useId();
  const newLinkRef = useRef<HTMLInputElement>(null);
  const [expiresInDays, setExpiresInDays] = useState<number>(DEFAULT_EXPIRY_DAYS);
  const [maxUses, setMaxUses] = useState<number>(DEFAULT_MAX_USES);
  const [label, setLabel] = useState("");
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<ReferralLink | null>(null);

  useEffect(() => {
    if (created) newLinkRef.current?.focus();
  }, [created]);

  // Choosing unlimited for one setting sets the other to unlimited too: a link that never
  // expires but runs out (or the reverse) is not an option the product offers.
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
      const link = await api.post("/api/referral/create", body.data, referralLinkSchema);
      setCreated(link);
      setLabel("");
      notify.success(t("generate.success"));
      onCreated(link);
    } catch (error) {
      // A 401 that outlived the refresh has already ended the session (the client logs out).
      if (error instanceof ApiProblem && error.status === 401) return;
      const failed = error instanceof ApiProblem && error.status > 0;
      notify.error(failed ? t("generate.failed") : t("generate.error"));
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
        <Button type="submit" loading={busy}>
          {busy ? t("generate.submitting") : t("generate.submit")}
        </Button>
      </form>

      {created && (
        <div className="rounded-xl border border-green-700/30 bg-green-50 p-4">
          <label htmlFor={`${id}-new-link`} className="block text-sm font-medium text-slate-800">
            {t("generate.newLink")}
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input
              ref={newLinkRef}
              id={`${id}-new-link`}
              type="text"
              readOnly
              value={created.link}
              className={`${inputClass} min-w-0 font-mono text-sm`}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={() => onCopy(created.link)}>
              {t("copy")}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
