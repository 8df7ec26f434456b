import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

const SAFE_LINK = /^(https?:|mailto:)/i;

/**
 * The admin's Markdown with raw HTML switched off (a <script> is shown as text, never parsed as a
 * tag) and only web and mail links kept: markdown-it leaves a refused link as plain text.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
markdown.validateLink = (url) => SAFE_LINK.test(url.trim());

/**
 * A second, independent allowlist over the rendered HTML, so a gap in the Markdown renderer
 * cannot put a tag, a handler or a script link on a member's page. Headings become <h4>: on the
 * dashboard the section is an h2 and each item's title an h3. Links open in a new tab without
 * handing the page to the target, and images are left out (nothing loads from elsewhere).
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h4",
    "strong",
    "em",
    "s",
    "del",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: { a: ["href", "target", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "template", "iframe", "object"],
  transformTags: {
    h1: "h4",
    h2: "h4",
    h3: "h4",
    h5: "h4",
    h6: "h4",
    a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer nofollow" }),
  },
  exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href,
};

/** News Markdown as HTML that is safe to put into a member's page as it is. */
export function renderNewsHtml(body: string): string {
  return sanitizeHtml(markdown.render(body), SANITIZE_OPTIONS);
}
