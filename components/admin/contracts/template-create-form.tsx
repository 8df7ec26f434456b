"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useId, useRef, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { buttonClass } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import { readApiError } from "@/lib/api-error";
import {
  DEFAULT_TEMPLATE_AUDIENCE,
  DEFAULT_TEMPLATE_LANGUAGE,
  TEMPLATE_AUDIENCES,
  TEMPLATE_HTML_MAX_BYTES,
  TEMPLATE_LANGUAGES,
  TEMPLATE_PLACEHOLDERS,
  templateDetailSchema,
  templateFormSchema,
} from "@/lib/schemas/contracts";
import { hasVisibleText, type StatusTone, type TemplateAudience, type TemplateLanguage } from "./contract-ui";
import { RichTextEditor } from "./rich-text-editor";

type Field = "name" | "type" | "file" | "html";
type Source = "file" | "editor";

/**
 * Spec §5 template form: name and type required, description optional, language de|en
 * (default de), audience personal|company|both (default both), a version note, and the content
 * as an .html file or written in the editor. Sent as multipart to POST /api/document-templates.
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
  const { apiFetch } = useAuth();
  const apiErrorMessage = useApiErrorMessage();
  const id = useId();
  const refs = {
    name: useRef<HTMLInputElement>(null),
    type: useRef<HTMLInputElement>(null),
    file: useRef<HTMLInputElement>(null),
  };
  const [name, setName] = useState("");
  const [type, setType] = useState("");
  const [description, setDescription] = useState("");
  const [lang, setLang] = useState<TemplateLanguage>(DEFAULT_TEMPLATE_LANGUAGE);
  const [audience, setAudience] = useState<TemplateAudience>(DEFAULT_TEMPLATE_AUDIENCE);
  const [note, setNote] = useState("");
  const [source, setSource] = useState<Source>("file");
  const [file, setFile] = useState<File | null>(null);
  const [html, setHtml] = useState("");
  const [editorKey, setEditorKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const fileProblem = (chosen: File | null): string | undefined => {
    if (!chosen) return t("fileRequired");
    if (!/\.html?$/i.test(chosen.name)) return t("fileType");
    if (chosen.size > TEMPLATE_HTML_MAX_BYTES) return t("fileTooLarge");
    return undefined;
  };

  const validate = () => {
    const parsed = templateFormSchema.safeParse({ name, type, description, lang, audience, note });
    const next: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === "name") next.name = t("nameRequired");
        if (issue.path[0] === "type") next.type = t("typeRequired");
      }
    }
    if (source === "file") next.file = fileProblem(file);
    else if (!hasVisibleText(html)) next.html = t("htmlRequired");
    return { next, data: parsed.success ? parsed.data : null };
  };

  const reset = () => {
    setName("");
    setType("");
    setDescription("");
    setLang(DEFAULT_TEMPLATE_LANGUAGE);
    setAudience(DEFAULT_TEMPLATE_AUDIENCE);
    setNote("");
    setFile(null);
    if (refs.file.current) refs.file.current.value = "";
    setHtml("");
    setEditorKey((key) => key + 1);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const { next, data } = validate();
    const problems = Object.entries(next).filter(([, message]) => message) as [Field, string][];
    setErrors(Object.fromEntries(problems));
    if (problems.length > 0 || !data) {
      const first = problems[0]?.[0];
      if (first === "name" || first === "type" || first === "file") refs[first].current?.focus();
      return;
    }
    setBusy(true);
    try {
      const body = new FormData();
      body.set("name", data.name);
      body.set("type", data.type);
      if (data.description) body.set("description", data.description);
      body.set("lang", data.lang);
      body.set("audience", data.audience);
      if (data.note) body.set("note", data.note);
      if (source === "file" && file) body.set("file", file, file.name);
      else body.set("html", html);
      const response = await apiFetch("/api/document-templates", { method: "POST", body });
      if (!response.ok) {
        const error = await readApiError(response);
        const detail = apiErrorMessage(error, error.code.startsWith("HTTP_") ? "" : error.message);
        show("error", detail ? `${t("failed")} ${detail}` : t("failed"));
        return;
      }
      if (!templateDetailSchema.safeParse(await response.json()).success) {
        show("error", t("failed"));
        return;
      }
      show("success", t("uploaded"));
      reset();
      onCreated();
    } catch {
      show("error", t("failed"));
    } finally {
      setBusy(false);
    }
  };

  const fieldId = (field: string) => `${id}-${field}`;
  const describedBy = (field: Field, hint?: boolean) =>
    [hint ? `${fieldId(field)}-hint` : null, errors[field] ? `${fieldId(field)}-error` : null]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <FormField id={fieldId("name")} label={t("name")} error={errors.name}>
          <input
            ref={refs.name}
            id={fieldId("name")}
            type="text"
            className={inputClass}
            value={name}
            required
            maxLength={200}
            autoComplete="off"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy("name")}
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <FormField id={fieldId("type")} label={t("type")} error={errors.type} hint={t("typeHint")}>
          <input
            ref={refs.type}
            id={fieldId("type")}
            type="text"
            className={inputClass}
            value={type}
            required
            maxLength={100}
            autoComplete="off"
            aria-invalid={errors.type ? true : undefined}
            aria-describedby={describedBy("type", true)}
            onChange={(event) => setType(event.target.value)}
          />
        </FormField>
        <FormField id={fieldId("lang")} label={t("lang")}>
          <select
            id={fieldId("lang")}
            className={inputClass}
            value={lang}
            onChange={(event) => setLang(event.target.value as TemplateLanguage)}
          >
            {TEMPLATE_LANGUAGES.map((value) => (
              <option key={value} value={value}>
                {tValues(`lang.${value}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={fieldId("audience")} label={t("audience")}>
          <select
            id={fieldId("audience")}
            className={inputClass}
            value={audience}
            onChange={(event) => setAudience(event.target.value as TemplateAudience)}
          >
            {TEMPLATE_AUDIENCES.map((value) => (
              <option key={value} value={value}>
                {tValues(`audience.${value}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={fieldId("description")} label={t("description")}>
          <textarea
            id={fieldId("description")}
            className={inputClass}
            rows={2}
            value={description}
            maxLength={2000}
            onChange={(event) => setDescription(event.target.value)}
          />
        </FormField>
        <FormField id={fieldId("note")} label={t("note")}>
          <input
            id={fieldId("note")}
            type="text"
            className={inputClass}
            value={note}
            maxLength={500}
            autoComplete="off"
            onChange={(event) => setNote(event.target.value)}
          />
        </FormField>
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">{t("source")}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(["file", "editor"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-slate-800">
              <input
                type="radio"
                name={fieldId("source")}
                value={value}
                className="size-4 accent-brand-700"
                checked={source === value}
                onChange={() => {
                  setSource(value);
                  setErrors((current) => ({ ...current, file: undefined, html: undefined }));
                }}
              />
              {value === "file" ? t("sourceFile") : t("sourceEditor")}
            </label>
          ))}
        </div>
        {source === "file" ? (
          <FormField
            id={fieldId("file")}
            label={t("file")}
            error={errors.file}
            hint={t("fileHint", {
              placeholders: TEMPLATE_PLACEHOLDERS.map((item) => `{{${item}}}`).join(", "),
            })}
          >
            <input
              ref={refs.file}
              id={fieldId("file")}
              type="file"
              accept=".html,.htm,text/html"
              className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-slate-200 file:px-3 file:py-1 file:text-slate-900`}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={describedBy("file", true)}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setErrors((current) => ({ ...current, file: chosen ? fileProblem(chosen) : undefined }));
              }}
            />
          </FormField>
        ) : (
          <>
            <RichTextEditor
              key={editorKey}
              label={t("source")}
              value={html}
              onChange={setHtml}
              invalid={Boolean(errors.html)}
              describedBy={errors.html ? `${fieldId("html")}-error` : undefined}
            />
            {errors.html && (
              <p id={`${fieldId("html")}-error`} role="alert" className="text-sm text-red-700">
                {errors.html}
              </p>
            )}
          </>
        )}
      </fieldset>

      <button type="submit" aria-busy={busy} aria-disabled={busy} className={buttonClass({ size: "sm" })}>
        {busy ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}
