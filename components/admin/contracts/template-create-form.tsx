"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import type { z } from "zod";
import { useAdminErrorText } from "@/components/admin/shared/use-admin-error-text";
import { api } from "@/components/api/client";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { UploadProgress } from "@/components/onboarding/id-image-field";
import { Button } from "@/components/ui/button";
import { RegisteredSelectField, RegisteredTextareaField } from "@/components/ui/registered-fields";
import { templateApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import { applyFieldIssues, isApiProblem } from "@/lib/api/problem";
import { TEMPLATE_HTML_MAX_BYTES } from "@/lib/constants";
import {
  DEFAULT_TEMPLATE_AUDIENCE,
  DEFAULT_TEMPLATE_LANGUAGE,
  TEMPLATE_AUDIENCES,
  TEMPLATE_LANGUAGES,
} from "@/lib/contract-templates";
import type { templateFormSchema as TemplateFormSchema } from "@/lib/schemas/contracts";
import { templateDetailSchema, templateFormSchema } from "../admin-schemas.lazy";
import type { StatusTone } from "./status-note";
import { hasVisibleText } from "./template-document";
import { type Source, TemplateSourceField } from "./template-source-field";
import { TextInputField } from "./text-input-field";

type Values = z.input<typeof TemplateFormSchema>;
type Checked = z.output<typeof TemplateFormSchema>;
const EMPTY: Values = {
  name: "",
  type: "",
  description: "",
  lang: DEFAULT_TEMPLATE_LANGUAGE,
  audience: DEFAULT_TEMPLATE_AUDIENCE,
  note: "",
};
const FIELDS = ["name", "type", "description", "lang", "audience", "note"] as const;

function fileProblemKey(chosen: File | null) {
  if (!chosen) return "fileRequired" as const;
  if (!/\.html?$/i.test(chosen.name)) return "fileType" as const;
  if (chosen.size > TEMPLATE_HTML_MAX_BYTES) return "fileTooLarge" as const;
  return undefined;
}

/**
 * The new-template form: name and type required, description optional, language de|en
 * (default de), audience personal|company|both (default both), a version note, and the content
 * as an .html file or written in the editor. The fields are checked with the API's own schema;
 * sent as multipart to templateApi.create.
 */
export function TemplateCreateForm({
  onCreated,
  show,
}: {
  onCreated: () => void;
  show: (tone: StatusTone, text: string) => void;
}) {
  const t = useTranslations("AdminContracts.create");
  const tValues = useTranslations("AdminContracts.values");
  const adminErrorText = useAdminErrorText();
  const form = useSchemaForm<Values, Checked>(templateFormSchema, { defaultValues: EMPTY });
  const { register, formState } = form;
  const fileRef = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<Source>("file");
  const [file, setFile] = useState<File | null>(null);
  const [html, setHtml] = useState("");
  const [editorKey, setEditorKey] = useState(0);
  const [contentError, setContentError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);

  const fileProblem = (chosen: File | null) => {
    const key = fileProblemKey(chosen);
    return key && t(key);
  };
  const contentProblem = () =>
    source === "file" ? fileProblem(file) : hasVisibleText(html) ? undefined : t("htmlRequired");

  const reset = () => {
    form.reset(EMPTY);
    setFile(null);
    if (fileRef.current) fileRef.current.value = "";
    setHtml("");
    setEditorKey((key) => key + 1);
  };

  const send = async (data: Checked) => {
    const problem = contentProblem();
    setContentError(problem);
    if (problem) {
      if (source === "file") fileRef.current?.focus();
      return;
    }
    const body = new FormData();
    for (const [key, value] of Object.entries(data)) if (value) body.set(key, value);
    if (source === "file" && file) body.set("file", file, file.name);
    else body.set("html", html);
    setProgress(0);
    try {
      await api.upload(apiPath(templateApi.create), body, templateDetailSchema, { onProgress: setProgress });
      show("success", t("uploaded"));
      reset();
      onCreated();
    } catch (error) {
      if (!isApiProblem(error) || error.code === "NETWORK" || error.code === "INVALID_RESPONSE")
        return show("error", t("failed"));
      applyFieldIssues(error, FIELDS, form.setError);
      // The API's refusal in the page's language; a bare HTTP status adds nothing to `failed`.
      const detail = error.serverMessage ? adminErrorText(error) : "";
      show("error", detail ? `${t("failed")} ${detail}` : t("failed"));
    } finally {
      setProgress(null);
    }
  };
  // The content is checked with the fields, so every problem shows at once.
  const submit = form.handleSubmit(send, () => setContentError(contentProblem()));

  const required = (name: "name" | "type") =>
    formState.errors[name] &&
    (formState.errors[name]?.type === "server" ? formState.errors[name]?.message : t(`${name}Required`));
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <TextInputField
          label={t("name")}
          error={required("name")}
          registration={register("name")}
          maxLength={200}
          required
        />
        <TextInputField
          label={t("type")}
          error={required("type")}
          hint={t("typeHint")}
          registration={register("type")}
          maxLength={100}
          required
        />
        <RegisteredSelectField
          label={t("lang")}
          registration={register("lang")}
          values={TEMPLATE_LANGUAGES}
          text={(value) => tValues(`lang.${value}`)}
        />
        <RegisteredSelectField
          label={t("audience")}
          registration={register("audience")}
          values={TEMPLATE_AUDIENCES}
          text={(value) => tValues(`audience.${value}`)}
        />
        <RegisteredTextareaField
          label={t("description")}
          registration={register("description")}
          rows={2}
          maxLength={2000}
        />
        <TextInputField label={t("note")} registration={register("note")} maxLength={500} />
      </div>

      <TemplateSourceField
        source={source}
        onSource={(value) => {
          setSource(value);
          setContentError(undefined);
        }}
        error={contentError}
        fileRef={fileRef}
        onFile={(chosen) => {
          setFile(chosen);
          setContentError(chosen ? fileProblem(chosen) : undefined);
        }}
        html={html}
        onHtml={setHtml}
        editorKey={editorKey}
      />

      {progress !== null && <UploadProgress percent={progress} />}
      <Button type="submit" size="sm" loading={formState.isSubmitting}>
        {formState.isSubmitting ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
