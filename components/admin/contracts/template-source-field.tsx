"use client";

import { useTranslations } from "next-intl";
import type { RefObject } from "react";
import { TEMPLATE_PLACEHOLDERS } from "@/lib/contract-templates";
import { FileInputField } from "./file-input-field";
import { RichTextEditor } from "./rich-text-editor";

export type Source = "file" | "editor";

/** A template's content: an .html file, or written in the editor; with its one error. */
export function TemplateSourceField({
  source,
  onSource,
  error,
  fileRef,
  onFile,
  html,
  onHtml,
  editorKey,
}: {
  source: Source;
  onSource: (source: Source) => void;
  error?: string;
  fileRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File | null) => void;
  html: string;
  onHtml: (html: string) => void;
  /** A new key empties the editor (after a successful upload). */
  editorKey: number;
}) {
  const t = useTranslations("AdminContracts.create");
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{t("source")}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {(["file", "editor"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-slate-800">
            <input
              type="radio"
              name="template-source"
              value={value}
              className="size-4 accent-brand-700"
              checked={source === value}
              onChange={() => onSource(value)}
            />
            {value === "file" ? t("sourceFile") : t("sourceEditor")}
          </label>
        ))}
      </div>
      {source === "file" ? (
        <FileInputField
          label={t("file")}
          error={error}
          hint={t("fileHint", {
            placeholders: TEMPLATE_PLACEHOLDERS.map((item) => `{{${item}}}`).join(", "),
          })}
          inputRef={fileRef}
          accept=".html,.htm,text/html"
          onFile={onFile}
        />
      ) : (
        <>
          <RichTextEditor
            key={editorKey}
            label={t("source")}
            value={html}
            onChange={onHtml}
            invalid={Boolean(error)}
            describedBy={error ? "template-html-error" : undefined}
          />
          {error && (
            <p id="template-html-error" role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
