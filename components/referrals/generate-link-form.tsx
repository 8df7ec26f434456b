"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { textOr } from "@/components/i18n/dynamic-text";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RegisteredSelectField } from "@/components/ui/registered-fields";
import { apiPath } from "@/lib/api/endpoint";
import { ApiProblem, applyFieldIssues } from "@/lib/api/problem";
import { referralApi } from "@/lib/api/referrals";
import {
  DEFAULT_EXPIRY_DAYS,
  DEFAULT_MAX_USES,
  EXPIRY_DAY_OPTIONS,
  MAX_USES_OPTIONS,
  REFERRAL_LABEL_MAX_LENGTH,
} from "@/lib/constants";
import { notify } from "@/lib/notify";
import type { ReferralLink } from "@/lib/schemas/referrals";
import type { generateLinkFormSchema as GenerateLinkFormSchema } from "./referral-schemas";
import { generateLinkFormSchema, referralLinkSchema } from "./referral-schemas.lazy";

const UNLIMITED = 0;
const FIELDS = ["expiresInDays", "maxUses", "label"] as const;

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
  const [created, setCreated] = useState<ReferralLink | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm<z.input<typeof GenerateLinkFormSchema>, z.output<typeof GenerateLinkFormSchema>>(
    generateLinkFormSchema,
    {
      defaultValues: { expiresInDays: DEFAULT_EXPIRY_DAYS, maxUses: DEFAULT_MAX_USES, label: "" },
    },
  );

  useEffect(() => {
    if (created) newLinkRef.current?.focus();
  }, [created]);

  const submit = handleSubmit(async ({ label, ...limits }) => {
    try {
      const link = await api.post(
        apiPath(referralApi.create),
        { ...limits, label: label || undefined },
        referralLinkSchema,
      );
      setCreated(link);
      setValue("label", "");
      notify.success(t("generate.success"));
      onCreated(link);
    } catch (error) {
      // A 401 that outlived the refresh has already ended the session (the client logs out).
      if (error instanceof ApiProblem && error.status === 401) return;
      // A setting the API refuses is said beside it, and that field takes the focus.
      if (error instanceof ApiProblem && applyFieldIssues(error, FIELDS, setError)) return;
      const failed = error instanceof ApiProblem && error.status > 0;
      notify.error(failed ? t("generate.failed") : t("generate.error"));
    }
  });

  /** The schema's messages are keys of generate.errors; an API sentence shows as it came. */
  const fieldError = (name: (typeof FIELDS)[number]) => {
    const key = errors[name]?.message;
    if (!key) return undefined;
    const path = `generate.errors.${key}`;
    return textOr(t, path, key);
  };
  const controlId = { expiresInDays: `${id}-expiry`, maxUses: `${id}-max-uses`, label: `${id}-label` };
  // Choosing unlimited for one setting sets the other to unlimited too: a link that never
  // expires but runs out (or the reverse) is not an option the product offers.
  const linkUnlimited = (other: "expiresInDays" | "maxUses") => ({
    valueAsNumber: true as const,
    onChange: (event: { target: { value: string } }) => {
      if (Number(event.target.value) === UNLIMITED) setValue(other, UNLIMITED);
    },
  });

  const hintId = `${id}-unlimited-hint`;
  /** A limit's select of the offered values; unlimited there makes the other limit unlimited too. */
  const limitSelect = (
    name: "expiresInDays" | "maxUses",
    label: string,
    values: readonly number[],
    text: (value: number) => string,
  ) => (
    <RegisteredSelectField
      id={controlId[name]}
      label={label}
      error={fieldError(name)}
      // The note on unlimited below the limits describes both selects, before their own error.
      describedBy={hintId}
      registration={register(name, linkUnlimited(name === "maxUses" ? "expiresInDays" : "maxUses"))}
      values={values}
      text={text}
    />
  );

  return (
    <div className="mt-4 space-y-4">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          {limitSelect("expiresInDays", t("generate.expiry"), EXPIRY_DAY_OPTIONS, (days) =>
            t("generate.expiryOption", { days }),
          )}
          {limitSelect("maxUses", t("generate.maxUses"), MAX_USES_OPTIONS, (uses) =>
            t("generate.maxUsesOption", { uses }),
          )}
          <Field
            id={controlId.label}
            label={t("generate.label")}
            hint={t("generate.labelHint")}
            error={fieldError("label")}
          >
            {(control) => (
              <Input
                {...control}
                type="text"
                maxLength={REFERRAL_LABEL_MAX_LENGTH}
                autoComplete="off"
                {...register("label")}
              />
            )}
          </Field>
        </div>
        <p id={hintId} className="text-sm text-slate-600">
          {t("generate.unlimitedHint")}
        </p>
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? t("generate.submitting") : t("generate.submit")}
        </Button>
      </form>

      {created && (
        <div className="rounded-xl border border-green-700/30 bg-green-50 p-4">
          <label htmlFor={`${id}-new-link`} className="block text-sm font-medium text-slate-800">
            {t("generate.newLink")}
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <Input
              ref={newLinkRef}
              id={`${id}-new-link`}
              type="text"
              readOnly
              value={created.link}
              className="min-w-0 font-mono text-sm"
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
