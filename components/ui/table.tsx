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
  minWidth,
  className = minWidth
    ? `w-full ${minWidth} border-collapse text-left text-sm`
    : "min-w-full text-left text-sm",
  regionClassName = "",
}: {
  caption: ReactNode;
  /** The scrolling region's name (a section needs one to be a landmark). */
  regionLabel: string;
  /** The caption still names the table for assistive technology, but is not shown. */
  captionHidden?: boolean;
  children: ReactNode;
  /**
   * A minimum width class such as "min-w-[52rem]": the table keeps its columns readable and the
   * region scrolls below it.
   */
  minWidth?: string;
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

/** The header row: a column header per key, labelled by `label`; `children` may add more. */
export function TableColumns<K extends string>({
  keys,
  label,
  className,
  children,
}: {
  keys: readonly K[];
  label: (key: K) => ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <TableHead>
      <tr>
        {keys.map((key) => (
          <Th key={key} className={className}>
            {label(key)}
          </Th>
        ))}
        {children}
      </tr>
    </TableHead>
  );
}

export function TableBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-200">{children}</tbody>;
}

export function Th({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" {...props} className={`px-3 py-2 font-semibold whitespace-nowrap ${className}`} />;
}

/** An empty cell's dash, read out as `label` (say, 'no name'). */
export function NoValue({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </>
  );
}

export function Td({ className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td {...props} className={`px-3 py-2 align-top text-slate-800 ${className}`} />;
}
