import type { Locale } from "./config";

/**
 * The error screen's texts. app/error.tsx reads them through next-intl (messages/*.json,
 * "ErrorPage"); app/global-error.tsx replaces the root layout and its provider, so it takes them
 * from here instead of shipping both message files to every browser. A test keeps the two equal
 * (documentTitle is global-error's own: it renders the whole document).
 */
export const errorTexts: Record<
  Locale,
  {
    title: string;
    description: string;
    reference: string;
    retry: string;
    home: string;
    documentTitle: string;
  }
> = {
  en: {
    title: "Something went wrong",
    description: "This page could not be shown. Please try again in a moment.",
    reference: "Error reference: {digest}",
    retry: "Try again",
    home: "Go to the dashboard",
    documentTitle: "Error · Partner Platform",
  },
  de: {
    title: "Etwas ist schiefgelaufen",
    description: "Diese Seite konnte nicht angezeigt werden. Bitte versuchen Sie es gleich noch einmal.",
    reference: "Fehlerkennung: {digest}",
    retry: "Erneut versuchen",
    home: "Zum Dashboard",
    documentTitle: "Fehler · Partner-Plattform",
  },
};
