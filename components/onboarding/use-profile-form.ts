"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import {
  type DefaultValues,
  type FieldErrors,
  type Path,
  type Resolver,
  type ResolverOptions,
  type ResolverResult,
  useForm,
} from "react-hook-form";
import { objectWithRecordOrNull } from "@/components/api/answer-checks";
import { api } from "@/components/api/client";
import { useAuth } from "@/components/auth/auth-provider";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { textOr } from "@/components/i18n/dynamic-text";
import { apiPath } from "@/lib/api/endpoint";
import { onboardingApi } from "@/lib/api/onboarding";
import { isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import { withMemberCountry } from "./profile-layout";
import { clearDraft, fromSavedProfile, type ProfileValues, readDraft, writeDraft } from "./profile-values";
import { useDashboardRedirect } from "./use-dashboard-redirect";

export type ProfileKind = "personal" | "company";

/** Sensitive: never kept in the draft, and never prefilled (the API sends the IBAN masked). */
const NOT_KEPT = ["iban", "currentPassword"] as const;

const FORM_ERROR_ID = "profile-form-error";

/** The saved profile the form starts from, asked for at once (so without zod). */
const savedProfileSchema = objectWithRecordOrNull("profile");

/** Approved accounts confirm a change of bank details with the current password (the API checks). */
const needsPasswordOf = (profile: Record<string, unknown> | null) =>
  profile?.bankChangeNeedsPassword === true;

/**
 * The shared schema's zodResolver, run on what the form holds mapped to what the API takes
 * (phones with their country become one international number). Error paths are the schema's
 * field names, which are the form's too.
 */
export function mappedResolver<
  TValues extends ProfileValues,
  TInput extends Record<string, unknown>,
  TOutput,
>(
  schemaResolver: Resolver<TInput, unknown, TOutput>,
  toInput: (values: TValues) => TInput,
): Resolver<TValues, unknown, TOutput> {
  return async (values, context, options) =>
    (await schemaResolver(
      toInput(values),
      context,
      options as unknown as ResolverOptions<TInput>,
    )) as unknown as ResolverResult<TValues, TOutput>;
}

/**
 * The profile form's state and save: prefill from onboardingApi.profile, a draft per
 * user in localStorage while typing, the summary 'Please fill all required fields.', the save
 * with the API's field issues, and the success toast and redirect.
 */
export function useProfileForm<TValues extends ProfileValues, TOutput>({
  kind,
  defaults,
  resolver,
}: {
  kind: ProfileKind;
  /** Read once, on the first render. */
  defaults: TValues;
  resolver: Resolver<TValues, unknown, TOutput>;
}) {
  const t = useTranslations("ProfileForm");
  const te = useTranslations("Errors");
  const apiErrorMessage = useApiErrorMessage();
  const { user } = useAuth();
  const { redirecting, redirectToDashboard } = useDashboardRedirect();
  const draftKey = `profileDraft.${kind}.${user?.id ?? "unknown"}`;
  const initial = useRef(defaults);
  const form = useForm<TValues, unknown, TOutput>({
    defaultValues: defaults as DefaultValues<TValues>,
    resolver,
  });
  const { reset, watch, setError, setFocus, handleSubmit, formState } = form;
  const [ready, setReady] = useState(false);
  const [needsPassword, setNeedsPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  /** Saved: a late change event must not write the draft back. */
  const saved = useRef(false);
  const busy = submitting || redirecting;
  /** Where the focus goes after a refused save, once the fields are enabled again. */
  const [focusTarget, setFocusTarget] = useState<Path<TValues> | typeof FORM_ERROR_ID | null>(null);

  useEffect(() => {
    if (!focusTarget || busy) return;
    if (focusTarget === FORM_ERROR_ID) document.getElementById(FORM_ERROR_ID)?.focus();
    else setFocus(focusTarget);
    setFocusTarget(null);
  }, [focusTarget, busy, setFocus]);

  // Defaults, then the saved profile, then the draft (the newest typing wins). Once: the ref
  // keeps React's development double effect from loading (and resetting) twice.
  const loading = useRef(false);
  useEffect(() => {
    if (loading.current) return;
    loading.current = true;
    void (async () => {
      let profile: Record<string, unknown> | null = null;
      try {
        profile = (await api.get(apiPath(onboardingApi.profile), savedProfileSchema)).profile;
      } catch {
        // No prefill then: the form starts from the defaults and the draft.
      }
      const base = initial.current;
      reset(
        withMemberCountry({
          ...base,
          ...fromSavedProfile(base, profile, NOT_KEPT),
          ...readDraft(draftKey, base, NOT_KEPT),
        }) as TValues,
      );
      setNeedsPassword(needsPasswordOf(profile));
      setReady(true);
    })();
  }, [draftKey, reset]);

  // The first draft of a visit is announced once; every later keystroke saves it quietly.
  const draftAnnounced = useRef(false);
  useEffect(() => {
    if (!ready) return;
    const subscription = watch((values) => {
      if (saved.current) return;
      writeDraft(draftKey, values, NOT_KEPT);
      if (!draftAnnounced.current) {
        draftAnnounced.current = true;
        notify.success(t("draftSaved"));
      }
    });
    return () => subscription.unsubscribe();
  }, [ready, watch, draftKey, t]);

  const fail = (message: string, focus: Path<TValues> | typeof FORM_ERROR_ID | null = FORM_ERROR_ID) => {
    setFormError(message);
    notify.error(message);
    setFocusTarget(focus);
  };

  /** The summary for a set of field message keys: 'Please fill in all required fields.' when something is missing. */
  const summary = (keys: Array<string | undefined>) =>
    keys.includes("requiredFields") ? t("errors.requiredFields") : t("errors.checkFields");

  const onSubmit = handleSubmit(
    async (profile) => {
      setFormError(null);
      setSubmitting(true);
      const toastId = notify.loading(t("saving"));
      try {
        await api.post(apiPath(onboardingApi.completeProfile[kind]), profile);
        saved.current = true;
        clearDraft(draftKey);
        notify.success(t("success", { type: kind }));
        redirectToDashboard();
      } catch (error) {
        if (!isApiProblem(error)) return fail(te("network"));
        // The client has already refreshed, and on failure ended the session with its own toast.
        if (error.status === 401) return;
        if (error.status === 0) return fail(te("network"));
        if (error.status === 422) {
          const issues = error.issues.filter((issue) => issue.path in initial.current);
          for (const issue of issues) {
            setError(issue.path as Path<TValues>, { type: "server", message: issue.message });
          }
          return fail(
            issues.length > 0 ? summary(issues.map((issue) => issue.message)) : t("errors.checkFields"),
            (issues[0]?.path as Path<TValues> | undefined) ?? FORM_ERROR_ID,
          );
        }
        fail(apiErrorMessage(error, t("errors.saveFailed")));
      } finally {
        notify.dismiss(toastId);
        setSubmitting(false);
      }
    },
    (errors: FieldErrors<TValues>) => {
      // react-hook-form focuses the first invalid field itself.
      fail(summary(Object.values(errors).map((error) => error?.message as string | undefined)), null);
    },
  );

  /** The translated message of a field's error (the schemas' messages are keys). */
  const fieldError = (name: keyof TValues & string): string | undefined => {
    const key = (formState.errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
    if (typeof key !== "string" || !key) return undefined;
    // Under the field itself, 'required' reads better than the form's summary sentence.
    if (key === "requiredFields") return t("errors.fieldRequired");
    return textOr(t, `errors.${key}`, t("errors.invalidValue"));
  };

  return {
    form,
    ready,
    needsPassword,
    busy,
    submitting,
    redirecting,
    formError,
    formErrorId: FORM_ERROR_ID,
    onSubmit,
    fieldError,
  };
}
