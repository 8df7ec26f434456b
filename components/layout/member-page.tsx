import Link from "next/link";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { linkClass } from "@/components/ui/styles";

/**
 * A member page of its own (the layout has checked the session): the main landmark, the page's
 * header (its h1 named by `id`, the line below it, the link back to the dashboard), then the
 * page's own content. `narrow` for a page of a few lines.
 */
export function MemberPage({
  id,
  title,
  description,
  backLabel,
  narrow = false,
  children,
}: {
  /** The h1's id. */
  id: string;
  title: string;
  description: ReactNode;
  backLabel: string;
  narrow?: boolean;
  children?: ReactNode;
}) {
  return (
    <main id="main" className={`mx-auto ${narrow ? "max-w-3xl" : "max-w-4xl"} space-y-6 px-4 py-8 sm:px-6`}>
      <PageHeader
        id={id}
        title={title}
        description={description}
        actions={
          <Link href="/dashboard" className={linkClass}>
            {backLabel}
          </Link>
        }
      />
      {children}
    </main>
  );
}
