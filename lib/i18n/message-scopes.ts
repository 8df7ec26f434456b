import type { AbstractIntlMessages } from "next-intl";

// Which of the message catalogue's namespaces each page's HTML carries. The client provider
// serialises every message it is given into the page, and the whole catalogue is about 100 KB
// per language: a member's phone would download and parse the admin screens' texts and the
// mails' on every page. Member pages get the shared namespaces; the admin layout adds the
// admin ones; the mails and the payout statement are written by the API and reach no browser.

/** Written by the API only (mails, the payout statement PDF, refusals only API clients read). */
export const SERVER_ONLY_NAMESPACES = ["Mail", "PayoutStatement", "ApiOnlyErrors"] as const;

/** The admin screens' own texts: every namespace named Admin… */
const isAdminNamespace = (namespace: string) => /^Admin[A-Z]/.test(namespace);

type Messages = AbstractIntlMessages;

const serverOnly = new Set<string>(SERVER_ONLY_NAMESPACES);

function pick(messages: Messages, keep: (namespace: string) => boolean): Messages {
  return Object.fromEntries(Object.entries(messages).filter(([namespace]) => keep(namespace)));
}

/** What every page's client components may need: all but the admin and the server-only texts. */
export const sharedClientMessages = (messages: Messages) =>
  pick(messages, (namespace) => !serverOnly.has(namespace) && !isAdminNamespace(namespace));

/** What the admin layout adds on top. */
export const adminClientMessages = (messages: Messages) => pick(messages, isAdminNamespace);
