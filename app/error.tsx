"use client";

import { useTranslations } from "next-intl";
import { ErrorScreen } from "@/components/layout/error-screen";
import { VisitorHeader } from "@/components/layout/visitor-header";

/**
 * An error while rendering a page (a server component, a client component): the error screen in
 * the visitor's language, inside the root layout. The server has logged it with the request id
 * and this digest (instrumentation.ts).
 */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("ErrorPage");
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  return (
    <>
      <VisitorHeader />
      <ErrorScreen
        texts={{
          title: t("title"),
          description: t("description"),
          // The screen fills in the digest itself (global-error shares it), so the text keeps its
          // placeholder: the messages are compiled at build time and have no raw form to hand over.
          reference: t("reference", { digest: "{digest}" }),
          retry: t("retry"),
          home: t("home"),
        }}
        digest={digest}
        onRetry={retry}
      />
    </>
  );
}
