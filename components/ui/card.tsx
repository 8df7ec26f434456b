import type { HTMLAttributes, ReactNode } from "react";
import { Section } from "./section";

const paddings = {
  md: "p-6",
  /** The admin screens': less on a phone, where their tables need the width. */
  compact: "p-4 sm:p-6",
  lg: "p-8",
  /** The caller's className gives it (a padding the others do not have). */
  none: "",
} as const;

export type CardPadding = keyof typeof paddings;

/**
 * The classes of the white panel the pages are made of, for the few elements that are not a
 * Card themselves (a paragraph that is the whole panel). Extra classes go after the card's.
 */
export function cardClass({
  padding = "md",
  className,
}: {
  padding?: CardPadding;
  className?: string | undefined;
} = {}): string {
  return ["rounded-2xl bg-white shadow-xl", paddings[padding], className].filter(Boolean).join(" ");
}

type CardProps = HTMLAttributes<HTMLElement> & {
  /** A section when it is a named region of the page (give it aria-labelledby), else a div. */
  as?: "section" | "div";
  padding?: CardPadding;
};

/** The white panel the pages are made of; other attributes (aria-*, id, role) go to the element. */
export function Card({ as: Element = "div", padding, className, ...props }: CardProps) {
  return <Element {...props} className={cardClass({ padding, className })} />;
}

/** A Card that is a Section: named by its h2 (`{id}-heading`), with `id` for `#id` links. */
export function SectionCard({
  padding,
  className,
  ...props
}: Parameters<typeof Section>[0] & { padding?: CardPadding }) {
  return <Section {...props} className={cardClass({ padding, className })} />;
}

/** The white panel public pages sit in, centred on the background. */
export function PublicCard({
  title,
  children,
  labelledBy,
}: {
  title: ReactNode;
  children: ReactNode;
  labelledBy: string;
}) {
  return (
    <main
      id="main"
      className="flex min-h-[calc(100vh-4rem)] items-start justify-center px-4 pb-16 pt-6 sm:items-center"
    >
      <Card as="section" aria-labelledby={labelledBy} className="w-full max-w-md sm:p-8">
        <h1 id={labelledBy} className="text-2xl font-semibold text-slate-900">
          {title}
        </h1>
        <div className="mt-4">{children}</div>
      </Card>
    </main>
  );
}
