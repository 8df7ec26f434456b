"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { UploadProgress } from "@/components/onboarding/id-image-field";
import { Button } from "@/components/ui/button";
import { templateApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import { applyFieldIssues, isApiProblem } from "@/lib/api/problem";
import type { TemplateDetail } from "@/lib/schemas/contracts";
import type { templateEditFormSchema as TemplateEditFormSchema } from "../admin-schemas";
import { templateDetailSchema, templateEditFormSchema } from "../admin-schemas.lazy";
import { RichTextEditor } from "./rich-text-editor";
import type { StatusTone } from "./status-note";
import { hasVisibleText } from "./template-document";
import { TextInputField } from "./text-input-field";

/** The editor's fields (templateEditFormSchema: the API's own rules for them). */
type Values = z.input<typeof TemplateEditFormSchema>;
type Checked = z.output<typeof TemplateEditFormSchema>;
const FIELDS = ["name", "note"] as const;

/**
 * The selected document's editor: name, version note and the content (rich text or code).
 * Saving sends PUT multipart through the API client, which makes a NEW version; old versions
 * never change.
 */
export function TemplateEditForm({
  detail,
  onCancel,
  onSaved,
  show,
}: {
  detail: TemplateDetail;
  onCancel: () => void;
  onSaved: (detail: TemplateDetail) => void;
  show: (tone: StatusTone, text: string) => void;
}) {
  const t = useTranslations("AdminContracts.editor");
  const id = useId();
  const form = useSchemaForm<Values, Checked>(templateEditFormSchema, {
    defaultValues: { name: detail.name, note: "" },
  });
  const { register, formState } = form;
  const [html, setHtml] = useState(detail.html);
  const [htmlError, setHtmlError] = useState<string | undefined>();
  // Off by default: most edits (a typo) do not ask every member to sign again.
  const [resign, setResign] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  // Opening the editor continues in its first field.
  useEffect(() => {
    form.setFocus("name");
  }, [form]);

  const contentProblem = () => (hasVisibleText(html) ? undefined : t("contentRequired"));

  const send = async (data: Checked) => {
    const problem = contentProblem();
    setHtmlError(problem);
    if (problem) return;
    const body = new FormData();
    body.set("name", data.name);
    body.set("html", html);
    if (data.note) body.set("note", data.note);
    if (resign) body.set("resign", "true");
    setProgress(0);
    try {
      const saved = await api.upload(
        apiPath(templateApi.update, { id: detail.id }),
        body,
        templateDetailSchema,
        { method: "PUT", onProgress: setProgress },
      );
      show("success", t("updated"));
      onSaved(saved);
    } catch (error) {
      if (isApiProblem(error)) {
        applyFieldIssues(error, FIELDS, form.setError);
        if (error.issues.some((issue) => issue.path === "html")) setHtmlError(t("contentRequired"));
      }
      show("error", t("updateFailed"));
    } finally {
      setProgress(null);
    }
  };
  // The content is checked with the fields, so every problem shows at once.
  const submit = form.handleSubmit(send, () => setHtmlError(contentProblem()));

  const nameError =
    formState.errors.name &&
    (formState.errors.name.type === "server" ? formState.errors.name.message : t("nameRequired"));
  const noteError = formState.errors.note?.message;
  const contentErrorId = `${id}-content-error`;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="space-y-4">
      <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
        {t("heading")}
      </h3>
      <div className="grid gap-4 md:grid-cols-2">
        <TextInputField
          label={t("name")}
          error={nameError}
          registration={register("name")}
          maxLength={200}
          required
        />
        <TextInputField label={t("note")} error={noteError} registration={register("note")} maxLength={500} />
      </div>
      <RichTextEditor
        label={t("content")}
        value={html}
        onChange={setHtml}
        invalid={Boolean(htmlError)}
        describedBy={htmlError ? contentErrorId : undefined}
      />
      {htmlError && (
        <p id={contentErrorId} role="alert" className="text-sm text-red-700">
          {htmlError}
        </p>
      )}
      <div className="space-y-1">
        <div className="flex items-start gap-3">
          <input
            id={`${id}-resign`}
            type="checkbox"
            checked={resign}
            onChange={(event) => setResign(event.target.checked)}
            aria-describedby={`${id}-resign-hint`}
            className="mt-1 size-4 shrink-0 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          />
          <label htmlFor={`${id}-resign`} className="text-sm font-medium text-slate-800">
            {t("resign")}
          </label>
        </div>
        <p id={`${id}-resign-hint`} className="pl-7 text-sm text-slate-600">
          {t("resignHint")}
        </p>
      </div>
      {progress !== null && <UploadProgress percent={progress} />}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={formState.isSubmitting}>
          {formState.isSubmitting ? t("saving") : t("save")}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={formState.isSubmitting}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
