import type { z } from "zod";

/** What a page receives as searchParams (Next passes arrays for repeated keys). */
export type SearchParams = Record<string, string | string[] | undefined>;

/**
 * Reads the keys of `shape` from the URL, each on its own: a value the schema refuses (a
 * mistyped role in a shared link) falls back to that field's default instead of failing the
 * whole page.
 */
export function readQuery<Shape extends Record<string, z.ZodType>>(
  shape: Shape,
  params: SearchParams,
): { [K in keyof Shape]: z.output<Shape[K]> } {
  const entries = Object.entries(shape).map(([key, schema]) => {
    const raw = params[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    const parsed = schema.safeParse(value === "" ? undefined : value);
    return [key, parsed.success ? parsed.data : schema.safeParse(undefined).data];
  });
  return Object.fromEntries(entries) as { [K in keyof Shape]: z.output<Shape[K]> };
}

/**
 * The URL query of a list: empty values and defaults are left out, so the plain page URL is
 * the unfiltered first page and a shared link carries only what was chosen.
 */
export function toSearch(
  values: Record<string, string | number | undefined>,
  defaults: Record<string, string | number | undefined> = {},
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === "" || value === defaults[key]) continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}
