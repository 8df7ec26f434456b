import { useTranslations } from "next-intl";

const footerLinkClass =
  "inline-block rounded py-1 text-white underline underline-offset-2 hover:text-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/**
 * Every page's footer: the operator's privacy policy and imprint (PRIVACY_URL, IMPRINT_URL), each
 * only when configured (no dead links; nothing at all when neither is). In the page's flow below
 * the content, never fixed, so it covers nothing on a small screen. White on a solid dark blue of
 * its own: the page's background is a fixed decorative layer behind everything, which contrast
 * checkers (and some readers' high-contrast modes) cannot see through to.
 */
export function SiteFooter({ privacyUrl, imprintUrl }: { privacyUrl?: string; imprintUrl?: string }) {
  const t = useTranslations("Footer");
  if (!privacyUrl && !imprintUrl) return null;
  return (
    <footer className="px-4 pt-2 pb-6 text-sm">
      <nav aria-label={t("label")}>
        <ul className="mx-auto flex w-fit flex-wrap items-center justify-center gap-x-6 gap-y-2 rounded-xl bg-[#0a2a66] px-4 py-1">
          {privacyUrl && (
            <li>
              <a href={privacyUrl} className={footerLinkClass}>
                {t("privacyPolicy")}
              </a>
            </li>
          )}
          {imprintUrl && (
            <li>
              <a href={imprintUrl} className={footerLinkClass}>
                {t("imprint")}
              </a>
            </li>
          )}
        </ul>
      </nav>
    </footer>
  );
}
