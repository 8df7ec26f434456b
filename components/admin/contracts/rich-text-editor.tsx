"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Textarea } from "@/components/ui/input";

const FORMATS = ["bold", "italic", "underline", "heading", "bulletList"] as const;
type Format = (typeof FORMATS)[number];
type FormatState = Record<Format, boolean>;

const NO_FORMATS: FormatState = {
  bold: false,
  italic: false,
  underline: false,
  heading: false,
  bulletList: false,
};

const formatLabelKey = {
  bold: "bold",
  italic: "italic",
  underline: "underline",
  heading: "heading2",
  bulletList: "bulletList",
} as const;

const formatGlyph: Record<Format, { text: string; className: string }> = {
  bold: { text: "B", className: "font-bold" },
  italic: { text: "I", className: "italic font-serif" },
  underline: { text: "U", className: "underline" },
  heading: { text: "H2", className: "font-semibold" },
  bulletList: { text: "•≡", className: "" },
};

/**
 * HTML for the editing surface, made inert first: the editor lives in the admin page itself, so
 * scripts, styles (they would restyle the page), frames and handlers never enter it. The API
 * sanitizes again on save; this only protects the page while editing.
 */
function inertHtml(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  for (const node of template.content.querySelectorAll(
    "script,style,iframe,frame,object,embed,link,meta,base,form,input,button,textarea,select",
  )) {
    node.remove();
  }
  for (const element of template.content.querySelectorAll("*")) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim();
      const unsafeUrl =
        /^(javascript|vbscript):/i.test(value) || /^data:(?!image\/(png|jpeg|gif|webp)[;,])/i.test(value);
      if (name.startsWith("on") || unsafeUrl) {
        element.removeAttribute(attribute.name);
      }
    }
  }
  return template.innerHTML;
}

function readFormats(): FormatState {
  try {
    const block = String(document.queryCommandValue("formatBlock") ?? "").toLowerCase();
    return {
      bold: document.queryCommandState("bold"),
      italic: document.queryCommandState("italic"),
      underline: document.queryCommandState("underline"),
      heading: block === "h2",
      bulletList: document.queryCommandState("insertUnorderedList"),
    };
  } catch {
    return NO_FORMATS;
  }
}

/**
 * The template editor: rich text (contentEditable with a small toolbar) and a code view
 * with the HTML. document.execCommand is deprecated but still the one editing API every
 * browser ships; the toolbar only needs five commands.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  const t = useTranslations("AdminContracts.editor");
  const id = useId();
  const labelId = `${id}-label`;
  const editorRef = useRef<HTMLDivElement>(null);
  const [codeView, setCodeView] = useState(false);
  const [formats, setFormats] = useState<FormatState>(NO_FORMATS);

  // The value reaches the surface only when it differs from what the surface holds, so typing
  // keeps the caret; a new value (or leaving the code view) replaces the content.
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || codeView) return;
    if (editor.innerHTML !== value) editor.innerHTML = inertHtml(value);
  }, [value, codeView]);

  const syncFormats = useCallback(() => {
    const editor = editorRef.current;
    const selection = document.getSelection();
    if (!editor || !selection?.anchorNode || !editor.contains(selection.anchorNode)) return;
    setFormats(readFormats());
  }, []);

  useEffect(() => {
    document.addEventListener("selectionchange", syncFormats);
    return () => document.removeEventListener("selectionchange", syncFormats);
  }, [syncFormats]);

  const apply = (format: Format) => {
    const editor = editorRef.current;
    if (!editor) return;
    editor.focus();
    document.execCommand("styleWithCSS", false, "false");
    if (format === "heading") document.execCommand("formatBlock", false, formats.heading ? "p" : "h2");
    else if (format === "bulletList") document.execCommand("insertUnorderedList");
    else document.execCommand(format);
    onChange(editor.innerHTML);
    setFormats(readFormats());
  };

  return (
    <fieldset className="min-w-0 space-y-1">
      <legend id={labelId} className="block text-sm font-medium text-slate-800">
        {label}
      </legend>
      <div className="flex flex-wrap items-center gap-1 rounded-t-lg border border-b-0 border-slate-400 bg-slate-50 p-1">
        <div role="toolbar" aria-label={t("toolbar")} className="flex flex-wrap gap-1">
          {FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              aria-label={t(formatLabelKey[format])}
              title={t(formatLabelKey[format])}
              aria-pressed={!codeView && formats[format]}
              disabled={codeView}
              // Keep the selection in the editor: a button that took focus would drop it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => apply(format)}
              className={`inline-flex h-8 min-w-8 items-center justify-center rounded-md border px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:text-slate-500 ${
                !codeView && formats[format]
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-slate-900 hover:bg-slate-100"
              }`}
            >
              <span aria-hidden="true" className={formatGlyph[format].className}>
                {formatGlyph[format].text}
              </span>
            </button>
          ))}
        </div>
        <button
          type="button"
          aria-pressed={codeView}
          onClick={() => {
            const editor = editorRef.current;
            if (!codeView && editor) onChange(editor.innerHTML);
            setCodeView(!codeView);
          }}
          className={`ml-auto inline-flex h-8 items-center rounded-md border px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 ${
            codeView
              ? "border-brand-700 bg-brand-700 text-white"
              : "border-slate-300 bg-white text-slate-900 hover:bg-slate-100"
          }`}
        >
          <span aria-hidden="true" className="mr-1 font-mono">
            {"</>"}
          </span>
          {t("codeView")}
        </button>
      </div>
      {codeView ? (
        <Textarea
          aria-label={t("code")}
          aria-describedby={describedBy}
          aria-invalid={invalid ? true : undefined}
          className="min-h-64 rounded-t-none font-mono text-sm"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: rich text needs contentEditable; a textarea holds plain text only.
        <div
          ref={editorRef}
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={invalid ? true : undefined}
          contentEditable
          suppressContentEditableWarning
          onInput={(event) => onChange(event.currentTarget.innerHTML)}
          onKeyUp={syncFormats}
          onMouseUp={syncFormats}
          className="min-h-64 max-w-full overflow-x-auto rounded-b-lg border border-slate-400 bg-white px-3 py-2 break-words text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700 aria-invalid:border-red-700 [&_h1]:my-2 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:my-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:my-2 [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6"
        />
      )}
    </fieldset>
  );
}
