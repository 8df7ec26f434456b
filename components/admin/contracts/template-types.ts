import type { TEMPLATE_AUDIENCES, TEMPLATE_LANGUAGES, TEMPLATE_STATES } from "@/lib/contract-templates";

export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];
export type TemplateAudience = (typeof TEMPLATE_AUDIENCES)[number];
export type TemplateState = (typeof TEMPLATE_STATES)[number];
