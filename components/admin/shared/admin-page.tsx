import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";

/** The translation namespaces of the admin pages, each with the page's `title` and `subtitle`. */
type AdminPageNamespace =
  | "AdminArea.dashboard"
  | "AdminArea.users"
  | "AdminArea.permissions"
  | "AdminUser.queue"
  | "AdminContracts.dashboard"
  | "AdminContracts.templatesPage"
  | "AdminNews"
  | "AdminAuditLog";

/** An admin page's `generateMetadata`: the browser tab shows the page's title. */
export function adminPageMetadata(namespace: AdminPageNamespace) {
  return async (): Promise<Metadata> => {
    const t = await getTranslations(namespace);
    return { title: t("title") };
  };
}

/**
 * An admin page (the admin layout has checked the role): the main landmark, the page's header
 * (title and subtitle from `namespace`, its h1 named by `id`, optional actions to the right),
 * then the page's own content.
 */
export async function AdminPage({
  namespace,
  id,
  actions,
  narrow = false,
  children,
}: {
  namespace: AdminPageNamespace;
  /** The h1's id. */
  id: string;
  actions?: ReactNode;
  /** A page of one column of text (the news) is narrower than the tables. */
  narrow?: boolean;
  children: ReactNode;
}) {
  const t = await getTranslations(namespace);
  return (
    <main id="main" className={`mx-auto ${narrow ? "max-w-4xl" : "max-w-6xl"} space-y-6 px-4 py-8 sm:px-6`}>
      <PageHeader id={id} title={t("title")} description={t("subtitle")} actions={actions} />
      {children}
    </main>
  );
}
