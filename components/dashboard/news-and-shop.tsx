import { getTranslations } from "next-intl/server";

/** The webshop promo: external, opened safely in a new tab. */
export async function WebshopTeaser({ url }: { url: string }) {
  const t = await getTranslations("Dashboard.webshop");
  return (
    <section
      aria-labelledby="webshop-heading"
      className="rounded-2xl bg-gradient-to-br from-brand-800 to-brand-600 p-6 text-white shadow-xl"
    >
      <h2 id="webshop-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <p className="mt-2">{t("body")}</p>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-4 inline-block rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {t("visit")} <span className="sr-only">{t("opensNewTab")}</span>
      </a>
    </section>
  );
}
