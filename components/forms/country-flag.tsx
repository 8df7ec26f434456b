/**
 * A country's flag from our own public/flags (copied from country-flag-icons), never a CDN: the
 * page works offline and the content security policy allows images from our origin only.
 * Decorative: the country's name is always written beside it or in the control's label.
 */
export function CountryFlag({ country, lazy = false }: { country: string; lazy?: boolean }) {
  return (
    // biome-ignore lint/performance/noImgElement: a 20 px SVG needs no image optimizer.
    <img
      src={`${FLAG_URL.replace("{XX}", country)}`}
      alt=""
      width={21}
      height={14}
      loading={lazy ? "lazy" : undefined}
      className="h-3.5 w-[21px] shrink-0 rounded-[2px] shadow-[0_0_0_1px_rgb(0_0_0/0.15)]"
    />
  );
}

/** react-phone-number-input's `flagUrl` pattern for the same files. */
export const FLAG_URL = "/flags/{XX}.svg";
