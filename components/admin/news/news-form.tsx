"use client";

import { useTranslations } from "next-intl";
import { api } from "@/components/api/client";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { textOr } from "@/components/i18n/dynamic-text";
import { DialogFormActions } from "@/components/ui/dialog-form-actions";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { Input, Textarea } from "@/components/ui/input";
import { RegisteredSelectField } from "@/components/ui/registered-fields";
import { apiPath } from "@/lib/api/endpoint";
import { newsApi } from "@/lib/api/news";
import { applyFieldIssues, isApiProblem } from "@/lib/api/problem";
import { NEWS_BODY_MAX, NEWS_LINK_MAX, NEWS_TITLE_MAX } from "@/lib/constants";
import { locales } from "@/lib/i18n/config";
import type { AdminNewsItem, NewsFormValues, NewsInput } from "@/lib/schemas/news";
import { adminNewsResultSchema, newsInputSchema } from "../admin-schemas.lazy";
import { useAdminApiErrorMessage } from "../shared/use-admin-error-text";

const FIELDS = ["language", "title", "body", "date", "link", "published"] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * Writes or edits one news item with the API's own schema. The API's field issues land on their
 * fields; anything else is said above the buttons. `onSaved` gets the item as stored.
 */
export function NewsForm({
  item,
  defaults,
  onSaved,
  onCancel,
}: {
  item: AdminNewsItem | null;
  defaults: NewsFormValues;
  onSaved: (saved: AdminNewsItem) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("AdminNews.form");
  const tErrors = useTranslations("AdminNews.errors");
  const tLang = useTranslations("AdminNews.language");
  const apiErrorMessage = useAdminApiErrorMessage();
  const form = useSchemaForm<NewsFormValues, NewsInput>(newsInputSchema, { defaultValues: defaults });
  const { register, formState } = form;

  /** The schema's messages are keys; a field whose key is unknown gets the field's own word. */
  const errorOf = (name: FieldName) => {
    const message = formState.errors[name]?.message;
    if (!message) return undefined;
    return textOr(tErrors, message, tErrors(name));
  };

  const send = async (data: NewsInput) => {
    try {
      const answer = item
        ? await api.put(apiPath(newsApi.update, { id: item.id }), data, adminNewsResultSchema)
        : await api.post(apiPath(newsApi.create), data, adminNewsResultSchema);
      onSaved(answer.news);
    } catch (error) {
      if (isApiProblem(error) && error.status === 401) return;
      if (isApiProblem(error) && applyFieldIssues(error, FIELDS, form.setError)) return;
      const fallback = t("failed");
      const detail = isApiProblem(error) ? apiErrorMessage(error, "") : "";
      form.setError("root", { type: "server", message: detail ? `${fallback} ${detail}` : fallback });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(send)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <RegisteredSelectField
          label={t("language")}
          error={errorOf("language")}
          registration={register("language")}
          values={locales}
          text={(value) => tLang(value)}
        />
        <Field label={t("date")} error={errorOf("date")} required>
          {(control) => <Input {...control} {...register("date")} type="date" />}
        </Field>
      </div>
      <Field label={t("title")} error={errorOf("title")} required>
        {(control) => (
          <Input
            {...control}
            {...register("title")}
            type="text"
            maxLength={NEWS_TITLE_MAX}
            autoComplete="off"
          />
        )}
      </Field>
      <Field label={t("body")} hint={t("bodyHint")} error={errorOf("body")} required>
        {(control) => <Textarea {...control} {...register("body")} rows={8} maxLength={NEWS_BODY_MAX} />}
      </Field>
      <Field label={t("link")} hint={t("linkHint")} error={errorOf("link")}>
        {(control) => (
          <Input
            {...control}
            {...register("link")}
            type="url"
            inputMode="url"
            maxLength={NEWS_LINK_MAX}
            autoComplete="off"
            placeholder="https://"
          />
        )}
      </Field>
      <div className="flex items-center gap-2">
        <input
          id="news-published"
          type="checkbox"
          {...register("published")}
          className="size-5 accent-brand-700"
        />
        <label htmlFor="news-published" className="text-slate-800">
          {t("published")}
        </label>
      </div>
      <FormAlert message={formState.errors.root?.message} />
      <DialogFormActions
        submitting={formState.isSubmitting}
        onCancel={onCancel}
        cancelLabel={t("cancel")}
        submitLabel={formState.isSubmitting ? t("saving") : t("save")}
      />
    </form>
  );
}
