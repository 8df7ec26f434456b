import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

/**
 * A semantic table with its caption, inside a region that scrolls on its own at narrow widths
 * (keyboard-reachable, named by the caption) instead of scrolling the page. The region is
 * positioned so that visually hidden text in the table (absolutely positioned) stays inside it:
 * otherwise such text in a far column widens the whole page on a phone.
 */
export function Table({
  caption,
  regionLabel,
  captionHidden = false,
  children,
  className = "min-w-full text-left text-sm",
  regionClassName = "",
}: {
  caption: ReactNode;
  /** The scrolling region's name (a section needs one to be a landmark). */
  regionLabel: string;
  /** The caption still names the table for assistive technology, but is not shown. */
  captionHidden?: boolean;
  children: ReactNode;
  className?: string;
  /** Extra classes of the scrolling region, e.g. a maximum height for a long list. */
  regionClassName?: string;
}) {
  return (
    <section
      aria-label={regionLabel}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
      tabIndex={0}
      className={`relative mt-4 max-w-full overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${regionClassName}`}
    >
      <table className={className}>
        <caption className={captionHidden ? "sr-only" : "px-3 py-2 text-left font-medium text-slate-900"}>
          {caption}
        </caption>
        {children}
      </table>
    </section>
  );
}

export function TableHead({ children }: { children: ReactNode }) {
  return <thead className="bg-slate-100 text-slate-800">{children}</thead>;
}

export function TableBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-200">{children}</tbody>;
}

export function Th({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" {...props} className={`px-3 py-2 font-semibold whitespace-nowrap ${className}`} />;
}

export function Td({ className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td {...props} className={`px-3 py-2 align-top text-slate-800 ${className}`} />;
}
