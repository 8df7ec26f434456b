/** The ids a control points at with aria-describedby: its hint, its error, then any others. */
export function describedBy(
  id: string,
  parts: { hint?: boolean; error?: boolean; others?: Array<string | false | undefined> },
) {
  const ids = [parts.hint && `${id}-hint`, parts.error && `${id}-error`, ...(parts.others ?? [])].filter(
    Boolean,
  );
  return ids.length ? ids.join(" ") : undefined;
}
