export type DispositionType = "inline" | "attachment";

// A lone UTF-16 surrogate makes encodeURIComponent throw; names come from users, so replace it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Control characters (CR/LF above all) would let a name break out of the header.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
// Path separators would let a browser-suggested name point somewhere else.
const PATH_SEPARATORS = /[/\\]/g;
// Combining marks left after NFKD, so "Müller" falls back to "Muller" rather than "M_ller".
const COMBINING_MARKS = /[\u0300-\u036f]/g;
// The quoted-string fallback keeps printable ASCII except `"` and `\` (RFC 6266 §4.1, RFC 9110 §5.6.4);
// `%` is replaced too because some browsers percent-decode the plain `filename` parameter.
const NOT_SAFE_IN_FALLBACK = /[^\x20-\x7e]|["%]/g;
const MAX_NAME_LENGTH = 200;

function cleanFileName(fileName: string): string {
  return fileName
    .replace(LONE_SURROGATE, "\uFFFD")
    .replace(CONTROL_CHARACTERS, "")
    .replace(PATH_SEPARATORS, "_")
    .trim()
    .slice(0, MAX_NAME_LENGTH);
}

function asciiFallback(fileName: string): string {
  return fileName.normalize("NFKD").replace(COMBINING_MARKS, "").replace(NOT_SAFE_IN_FALLBACK, "_");
}

/** RFC 8187 (ex-5987) ext-value: encodeURIComponent leaves `'()*` alone, but they are not attr-chars. */
function encodeExtValue(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `UTF-8''${encoded}`;
}

/**
 * A Content-Disposition header value that is pure ASCII whatever the name holds: a sanitized
 * `filename` for old clients plus `filename*` with the exact UTF-8 name (RFC 6266 §4.3 — clients
 * that understand `filename*` prefer it). Without a usable name only the type is sent.
 */
export function contentDisposition(type: DispositionType, fileName?: string): string {
  const name = fileName === undefined ? "" : cleanFileName(fileName);
  if (name === "") return type;
  return `${type}; filename="${asciiFallback(name)}"; filename*=${encodeExtValue(name)}`;
}
