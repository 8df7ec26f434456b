import { createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import type { Locale } from "../../lib/i18n/config";
import de from "../../messages/de.json";
import en from "../../messages/en.json";

type Messages = typeof en;
type Namespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

const catalogs: Record<Locale, Messages> = { en, de };

/** The product's name in a language (the messages' Common.appName). */
export const appNameIn = (locale: Locale): string => catalogs[locale].Common.appName;

function strictTranslator<const N extends Namespace>(namespace: N, locale: Locale) {
  return createTranslator({
    locale,
    messages: catalogs[locale],
    namespace,
    // A missing text is a bug to find in tests, not a key to send to a member.
    onError(error) {
      throw error;
    },
  });
}

/**
 * The translator of one namespace of the messages for a language, made once per language for the
 * life of the process: a translator keeps the messages it has parsed, so a text costs string work
 * only. A new one per mail parsed every message again (≈ 0.7 ms a mail), paid on every sign-in,
 * which renders its new-browser notice beforehand; a payout run of many members likewise.
 */
export function translatorsOf<const N extends Namespace>(namespace: N) {
  const made = new Map<Locale, ReturnType<typeof strictTranslator<N>>>();
  return (locale: Locale) => {
    let translator = made.get(locale);
    if (!translator) {
      translator = strictTranslator(namespace, locale);
      made.set(locale, translator);
    }
    return translator;
  };
}
