"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { buttonClass } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";
import { type TemplateDetail, templateDetailSchema } from "@/lib/schemas/contracts";
import { hasVisibleText, type StatusTone } from "./contract-ui";
import { RichTextEditor } from "./rich-text-editor";

/**
 * Spec §2 editor of the selected document: name, version note and the content (rich text or
 * code). Saving sends PUT multipart, which makes a NEW version; old versions never change.
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
  const { apiFetch } = useAuth();
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(detail.name);
  const [note, setNote] = useState("");
  const [html, setHtml] = useState(detail.html);
  const [errors, setErrors] = useState<{ name?: string; html?: string }>({});
  const [busy, setBusy] = useState(false);

  // Opening the editor continues in its first field.
  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const next = {
      name: name.trim() ? undefined : t("nameRequired"),
      html: hasVisibleText(html) ? undefined : t("contentRequired"),
    };
    setErrors(next);
    if (next.name) {
      nameRef.current?.focus();
      return;
    }
    if (next.html) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.set("name", name.trim());
      body.set("html", html);
      if (note.trim()) body.set("note", note.trim());
      const response = await apiFetch(`/api/document-templates/${encodeURIComponent(detail.id)}`, {
        method: "PUT",
        body,
      });
      const parsed = response.ok ? templateDetailSchema.safeParse(await response.json()) : null;
      if (!parsed?.success) {
        show("error", t("updateFailed"));
        return;
      }
      show("success", t("updated"));
      onSaved(parsed.data);
    } catch {
      show("error", t("updateFailed"));
    } finally {
      setBusy(false);
    }
  };

  const nameId = `${id}-name`;
  const noteId = `${id}-note`;
  const contentErrorId = `${id}-content-error`;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="space-y-4">
      <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
        {t("heading")}
      </h3>
      <div className="grid gap-4 md:grid-cols-2">
        <FormField id={nameId} label={t("name")} error={errors.name}>
          <input
            ref={nameRef}
            id={nameId}
            type="text"
            className={inputClass}
            value={name}
            maxLength={200}
            required
            autoComplete="off"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${nameId}-error` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <FormField id={noteId} label={t("note")}>
          <input
            id={noteId}
            type="text"
            className={inputClass}
            value={note}
            maxLength={500}
            autoComplete="off"
            onChange={(event) => setNote(event.target.value)}
          />
        </FormField>
      </div>
      <RichTextEditor
        label={t("content")}
        value={html}
        onChange={setHtml}
        invalid={Boolean(errors.html)}
        describedBy={errors.html ? contentErrorId : undefined}
      />
      {errors.html && (
        <p id={contentErrorId} role="alert" className="text-sm text-red-700">
          {errors.html}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" aria-busy={busy} aria-disabled={busy} className={buttonClass({ size: "sm" })}>
          {busy ? t("saving") : t("save")}
        </button>
        <button
          type="button"
          className={buttonClass({ variant: "secondary", size: "sm" })}
          onClick={onCancel}
          disabled={busy}
        >
          {t("cancel")}
        </button>
      </div>
    </form>
  );
}
