// Contract templates' words: the languages, audiences and states a template has, a new template's
// defaults and the placeholders its HTML may use. Free of zod, so the admin pages' filters and
// forms show them without loading the schemas (lib/schemas/contracts builds on these).

export const TEMPLATE_LANGUAGES = ["de", "en"] as const;
export const TEMPLATE_AUDIENCES = ["personal", "company", "both"] as const;
export const TEMPLATE_STATES = ["active", "inactive"] as const;
export const DEFAULT_TEMPLATE_LANGUAGE = "de";
export const DEFAULT_TEMPLATE_AUDIENCE = "both";

/** Placeholders a template may use; filled with the member's data, HTML-escaped. */
export const TEMPLATE_PLACEHOLDERS = [
  "name",
  "first_name",
  "last_name",
  "company",
  "email",
  "address",
  "date",
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
