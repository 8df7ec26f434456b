import type { TemplateSummary } from "@/lib/schemas/contracts";
import type { TemplateAudience, TemplateLanguage } from "./template-types";

/** The overview groups templates by name, language, type and audience (the versions of one document). */
export type TemplateGroup = {
  key: string;
  name: string;
  lang: TemplateLanguage;
  type: string;
  audience: TemplateAudience;
  templates: TemplateSummary[];
};

/** One version of one template: what a group's dropdown chooses and the panel shows. */
export type TemplateChoice = { templateId: string; version: number };

export const groupKeyOf = (template: Pick<TemplateSummary, "name" | "lang" | "type" | "audience">) =>
  JSON.stringify([template.name, template.lang, template.type, template.audience]);

export const choiceValue = (choice: TemplateChoice) => `${choice.templateId}@${choice.version}`;

export function parseChoice(value: string): TemplateChoice | null {
  const at = value.lastIndexOf("@");
  const version = Number(value.slice(at + 1));
  if (at <= 0 || !Number.isInteger(version)) return null;
  return { templateId: value.slice(0, at), version };
}

export function groupTemplates(templates: TemplateSummary[]): TemplateGroup[] {
  const groups = new Map<string, TemplateGroup>();
  for (const template of templates) {
    const key = groupKeyOf(template);
    const group = groups.get(key);
    if (group) group.templates.push(template);
    else
      groups.set(key, {
        key,
        name: template.name,
        lang: template.lang,
        type: template.type,
        audience: template.audience,
        templates: [template],
      });
  }
  return [...groups.values()];
}

/** The group's chosen version, else the current version of its first template. */
export function choiceOf(group: TemplateGroup, chosen: string | undefined): TemplateChoice {
  const parsed = chosen ? parseChoice(chosen) : null;
  const template = parsed && group.templates.find((item) => item.id === parsed.templateId);
  if (parsed && template?.versions.some((item) => item.version === parsed.version)) return parsed;
  const first = group.templates[0] as TemplateSummary;
  return { templateId: first.id, version: first.version };
}
