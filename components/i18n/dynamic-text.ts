/**
 * Texts whose key is known only at run time: an API error code, a schema's message key, a field
 * name. next-intl types a translator's keys as the literal keys of its namespace, so such a key
 * cannot be passed as it is; textOr takes a plain string and says what happens when the
 * catalogue has no such key.
 */

/**
 * Any next-intl translator (useTranslations, getTranslations, createTranslator), whatever its
 * namespace: its generic key parameter accepts `never`, so every translator is one of these.
 */
type Translator = {
  has(key: never): boolean;
  (key: never, values?: never): string;
};

/** Values for a text's placeholders. */
type TextValues = Record<string, string | number | Date>;

/**
 * The key's text (with its placeholders filled in), or `fallback` when the translator's namespace
 * has no such key: next-intl would show the key's path and report an error instead.
 */
export function textOr(t: Translator, key: string, fallback: string, values?: TextValues): string {
  // The one cast from the translator's literal key types to a plain string: the catalogue is
  // asked (has) before the key is read, so no key is read blindly.
  const translate = t as unknown as { has(key: string): boolean; (key: string, values?: TextValues): string };
  return translate.has(key) ? translate(key, values) : fallback;
}
