import Link from "next/link";
import { buttonClass } from "./button";

const pagerLinkClass = buttonClass({ variant: "secondary", size: "sm" });

/**
 * "Page 2 of 5" with plain links to the previous and next pages, each only where there is one:
 * the page number lives in the URL, so reload, deep links and back/forward keep it.
 */
export function PageLinks({
  label,
  pageOf,
  previous,
  next,
}: {
  /** The navigation's name for screen readers ("News pages"). */
  label: string;
  pageOf: string;
  previous: { href: string; label: string } | null;
  next: { href: string; label: string } | null;
}) {
  return (
    <nav
      aria-label={label}
      className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4"
    >
      <p className="text-slate-800">{pageOf}</p>
      <div className="flex gap-2">
        {previous && (
          <Link href={previous.href} rel="prev" className={pagerLinkClass}>
            <span aria-hidden="true">← </span>
            {previous.label}
          </Link>
        )}
        {next && (
          <Link href={next.href} rel="next" className={pagerLinkClass}>
            {next.label}
            <span aria-hidden="true"> →</span>
          </Link>
        )}
      </div>
    </nav>
  );
}
