import sanitizeHtml from "sanitize-html";
import { TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from "../../../lib/contract-templates";

/**
 * Contract template HTML. An allowlist of text tags only: no images, no
 * styles, no links to load, no scripts or handlers. It runs when a version is saved and again
 * before every render, so a row written by anything else is just as harmless.
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "sub",
    "sup",
    "blockquote",
    "ul",
    "ol",
    "li",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "div",
    "span",
  ],
  allowedAttributes: { td: ["colspan", "rowspan"], th: ["colspan", "rowspan"] },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // The text of <script>, <style>, <textarea>… goes with the tag rather than showing as text.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "title",
    "head",
    "template",
    "iframe",
    "object",
  ],
  parser: { lowerCaseTags: true },
};

export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

/** Whether sanitized HTML still has visible text (an empty contract is refused). */
export function hasVisibleText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim().length > 0;
}

export type PlaceholderValues = Record<TemplatePlaceholder, string>;

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const PLACEHOLDER_PATTERN = new RegExp(`\\{\\{\\s*(${TEMPLATE_PLACEHOLDERS.join("|")})\\s*\\}\\}`, "g");

/**
 * Fills `{{name}}`, `{{company}}`, `{{address}}`, `{{date}}`… with escaped values. Only these
 * names are replaced, by plain text substitution: anything else in braces (`{{7*7}}`,
 * `{{constructor.constructor(…)}}`) stays as literal text because nothing evaluates it.
 */
function fillPlaceholders(sanitizedHtml: string, values: PlaceholderValues): string {
  return sanitizedHtml.replace(PLACEHOLDER_PATTERN, (_match, key: TemplatePlaceholder) =>
    escapeHtml(values[key] ?? ""),
  );
}

/** Sanitize (again), then fill: what the renderer receives. */
export function prepareTemplateHtml(storedHtml: string, values: PlaceholderValues): string {
  return fillPlaceholders(sanitizeTemplateHtml(storedHtml), values);
}
