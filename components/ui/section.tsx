import type { ComponentProps, ReactNode } from "react";

type SectionProps = { id: string; title: ReactNode } & Omit<
  ComponentProps<"section">,
  "id" | "title" | "aria-labelledby"
>;

/**
 * A section named by its h2 (`{id}-heading`): screen readers list it as a region under that
 * name, and the heading outline shows it. `id` is the section's own too, so `#id` links land on
 * it (My account's list of sections, links in mails). Other attributes (class, aria-busy, …) go
 * to the section.
 */
export function Section({ id, title, children, ...props }: SectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} {...props}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
