// A template's document as the admin screens handle it: the downloaded PDF's file name, whether its
// HTML shows any text, and the page the preview frame shows.

/** A file name from a template name: letters, digits, dashes. */
export function fileNameOf(name: string, version: number) {
  const base = name
    .normalize("NFKD")
    .replace(/[^\w-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || "template"}-v${version}.pdf`;
}

/** Whether HTML shows any text (parsed inertly: DOMParser runs no scripts and loads nothing). */
export function hasVisibleText(html: string): boolean {
  if (!html.trim()) return false;
  const text = new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
  return text.trim().length > 0;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The document the preview frame shows: the API's sanitized HTML in a page of its own with a
 * language and a title. The frame is sandboxed without scripts, so template HTML stays inert.
 */
export function previewDocument(input: { html: string; lang: string; title: string }): string {
  return `<!doctype html><html lang="${escapeHtml(input.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(
    input.title,
  )}</title><style>body{font-family:system-ui,sans-serif;color:#0f172a;background:#fff;margin:16px;line-height:1.5}img{max-width:100%}table{border-collapse:collapse}</style></head><body>${input.html}</body></html>`;
}
