"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { textOr } from "@/components/i18n/dynamic-text";
import { DialogFormActions } from "@/components/ui/dialog-form-actions";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { apiPath } from "@/lib/api/endpoint";
import { partnerApi } from "@/lib/api/partner";
import { applyFieldIssues, isApiProblem } from "@/lib/api/problem";
import { SHOP_KEY_NAME_MAX } from "@/lib/constants";
import type {
  shopKeyCreatedSchema as ShopKeyCreatedSchema,
  shopKeyInputSchema as ShopKeyInputSchema,
} from "@/lib/schemas/partner";
import { shopKeyCreatedSchema, shopKeyInputSchema } from "../admin-schemas.lazy";
import { usePartnerFailure } from "./use-partner-failure";

type Values = z.input<typeof ShopKeyInputSchema>;
type Output = z.output<typeof ShopKeyInputSchema>;
const FIELDS = ["name"] as const;

/** The key as the API made it (shown this once), with the name the admin gave it. */
export type NewShopKey = z.infer<typeof ShopKeyCreatedSchema> & { name: string };

/**
 * Names a new shop key, checked with the API's own schema. The API's field issues land on the
 * field; anything else is said above the buttons. `onCreated` gets the key, which no later
 * answer carries.
 */
export function ShopKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: NewShopKey) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("AdminPartner");
  const tErrors = useTranslations("AdminPartner.errors");
  const failureText = usePartnerFailure();
  const form = useSchemaForm<Values, Output>(shopKeyInputSchema, { defaultValues: { name: "" } });
  const { register, formState } = form;

  const message = formState.errors.name?.message;
  const nameError = message && textOr(tErrors, message, tErrors("name"));

  const send = async (data: Output) => {
    try {
      const created = await api.post(apiPath(partnerApi.createShopKey), data, shopKeyCreatedSchema);
      onCreated({ ...created, name: data.name });
    } catch (error) {
      if (isApiProblem(error) && error.status === 401) return;
      if (isApiProblem(error) && applyFieldIssues(error, FIELDS, form.setError)) return;
      const fallback = t("keys.createFailed");
      const detail = isApiProblem(error) ? failureText(error) : "";
      form.setError("root", { type: "server", message: detail ? `${fallback} ${detail}` : fallback });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(send)} noValidate className="space-y-4">
      <Field label={t("keys.name")} hint={t("keys.nameHint")} error={nameError} required>
        {(control) => (
          <Input
            {...control}
            {...register("name")}
            type="text"
            maxLength={SHOP_KEY_NAME_MAX}
            autoComplete="off"
          />
        )}
      </Field>
      <FormAlert message={formState.errors.root?.message} />
      <DialogFormActions
        submitting={formState.isSubmitting}
        onCancel={onCancel}
        cancelLabel={t("cancel")}
        submitLabel={formState.isSubmitting ? t("keys.submitting") : t("keys.submit")}
      />
    </form>
  );
}
