"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { apiFailureKey } from "@/components/auth/use-api-error-message";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RegisteredTextareaField } from "@/components/ui/registered-fields";
import { permissionApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { applyFieldIssues, isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { createPermissionSchema as CreatePermissionSchema } from "@/lib/schemas/admin";
import { createPermissionSchema, permissionCreatedResponseSchema } from "../admin-schemas.lazy";
import { useAdminFailureMessage } from "../shared/use-admin-error-text";

const GUIDELINES = ["prefix", "specific", "snakeCase", "stable"] as const;
const NAME_MAX_LENGTH = 64;
const DESCRIPTION_MAX_LENGTH = 300;
const FIELDS = ["name", "description"] as const;

type Values = z.input<typeof CreatePermissionSchema>;
const EMPTY: Values = { name: "", description: "", is_active: true };

/**
 * Add-permission form, checked with the API's own schema: the trimmed name is
 * required, the submit waits for a name and for the running request; success resets the form
 * (active again) and refreshes the list. A refusal of the API lands on the field it names.
 */
export function PermissionForm({ onCreated }: { onCreated: () => void }) {
  const t = useTranslations("AdminArea.permissions.form");
  const failureMessage = useAdminFailureMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm<Values, z.output<typeof CreatePermissionSchema>>(createPermissionSchema, {
    mode: "onTouched",
    defaultValues: EMPTY,
  });
  const blank = (watch("name") ?? "").trim() === "";

  const submit = handleSubmit(async (values) => {
    const loadingToast = notify.loading(t("creating"));
    try {
      await api.post(apiPath(permissionApi.create), values, permissionCreatedResponseSchema);
      notify.dismiss(loadingToast);
      notify.success(t("created", { name: values.name }));
      reset(EMPTY);
      onCreated();
    } catch (error) {
      notify.dismiss(loadingToast);
      // A 401 the client could not renew has already ended the session.
      if (isApiProblem(error) && error.status === 401) return;
      // The API's refusal where it sent one (409 names the duplicate). The name field keeps its
      // key, worded while rendering, so it follows a switch of the language.
      const key = apiFailureKey(error);
      notify.error(failureMessage(key, t("failed")));
      if (isApiProblem(error) && !applyFieldIssues(error, FIELDS, setError) && error.status === 409)
        setError("name", { type: "refusal", message: key }, { shouldFocus: true });
    } finally {
      // The submit was disabled during the request, which drops its focus: continue in the name.
      setFocus("name");
    }
  });

  const nameError = errors.name
    ? errors.name.type === "refusal"
      ? failureMessage(errors.name.message ?? "", t("failed"))
      : errors.name.type === "server"
        ? errors.name.message
        : blank
          ? t("nameRequired")
          : t("nameInvalid")
    : undefined;

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          label={t("name")}
          error={nameError}
          hint={
            <>
              <p>{t("nameHint")}</p>
              <p className="mt-2 font-medium text-slate-800">{t("guidelinesHeading")}</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {GUIDELINES.map((key) => (
                  <li key={key}>{t(`guidelines.${key}`)}</li>
                ))}
              </ul>
            </>
          }
        >
          {(control) => (
            <Input
              {...control}
              {...register("name")}
              type="text"
              className="font-mono"
              required
              maxLength={NAME_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <RegisteredTextareaField
          label={t("description")}
          registration={register("description")}
          rows={3}
          maxLength={DESCRIPTION_MAX_LENGTH}
        />
      </div>
      <div className="flex items-center gap-2">
        <input
          id="permission-active"
          type="checkbox"
          className="size-4 accent-brand-700"
          {...register("is_active")}
        />
        <label htmlFor="permission-active" className="text-slate-800">
          {t("active")}
        </label>
      </div>
      <Button type="submit" disabled={blank && !isSubmitting} loading={isSubmitting}>
        {isSubmitting ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
