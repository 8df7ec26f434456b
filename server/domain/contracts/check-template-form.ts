import type { z } from "zod";
import { templateFormSchema, templateUpdateFormSchema } from "../../../lib/schemas/contracts";
import { fieldRefusalInEnglish } from "../../errors";
import { validationError } from "../../http";
import type { TemplateForm } from "./read-template-form";
import { hasVisibleText, sanitizeTemplateHtml } from "./template-html";

/**
 * Sanitized on save: what is stored is already harmless; a template that has
 * no visible text left (only scripts, say) is refused rather than stored empty.
 */
function sanitizeForSave(html: string): string {
  const clean = sanitizeTemplateHtml(html);
  if (!hasVisibleText(clean)) throw fieldRefusalInEnglish("file", "templateNoVisibleText");
  return clean;
}

export type CreateTemplateInput = z.output<typeof templateFormSchema> & { html: string };

/** POST: name and type required, defaults for language and audience, and HTML. */
export function checkCreateForm(form: TemplateForm): CreateTemplateInput {
  const parsed = templateFormSchema.safeParse(form.fields);
  if (!parsed.success) throw validationError(parsed.error);
  if (form.html === undefined) throw fieldRefusalInEnglish("file", "templateHtmlMissing");
  return { ...parsed.data, html: sanitizeForSave(form.html) };
}

export type UpdateTemplateInput = {
  name?: string;
  type?: string;
  /** null clears it. */
  description?: string | null;
  lang?: "de" | "en";
  audience?: "personal" | "company" | "both";
  note?: string;
  /** Sanitized; present only when a new version is to be made. */
  html?: string;
  /** The new version asks members who signed an earlier one to sign again. */
  resign?: boolean;
};

/** PUT: every field optional; a description sent empty is cleared. */
export function checkUpdateForm(form: TemplateForm): UpdateTemplateInput {
  const parsed = templateUpdateFormSchema.safeParse(form.fields);
  if (!parsed.success) throw validationError(parsed.error);
  const { description, ...rest } = parsed.data;
  if (rest.resign && form.html === undefined) {
    // Only a new text can be signed again; the flag alone would mark nothing.
    throw fieldRefusalInEnglish("resign", "templateResignNeedsHtml");
  }
  return {
    ...rest,
    ...(description !== undefined
      ? { description }
      : form.cleared.has("description")
        ? { description: null }
        : {}),
    ...(form.html === undefined ? {} : { html: sanitizeForSave(form.html) }),
  };
}
