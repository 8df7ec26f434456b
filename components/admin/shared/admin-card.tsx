"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

/** Shared pieces of the admin screens (dashboard, user list, permissions). */

/**
 * A card's failure in the card itself (the rest of the page stays usable): the message and a
 * retry button that keeps focus while it runs. `spaced` sets it apart from what is above it,
 * where the card does not space its children itself.
 */
export function RetryAlert({
  message,
  onRetry,
  retrying = false,
  spaced = true,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  spaced?: boolean;
}) {
  const t = useTranslations("AdminArea.common");
  return (
    <div
      className={`${spaced ? "mt-3 " : ""}flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-red-800`}
    >
      <p role="alert">{message}</p>
      <Button variant="secondary" size="sm" loading={retrying} onClick={onRetry}>
        {t("retry")}
      </Button>
    </div>
  );
}

/** A busy card's note for screen readers while it loads (the card shows what it had meanwhile). */
export function LoadingNote({ loading, text }: { loading: boolean; text: string }) {
  return (
    <p role="status" className="sr-only">
      {loading ? text : ""}
    </p>
  );
}

/**
 * A list the page loaded on the server (null when it could not): its failure with a retry (the
 * message and the button are one alert), the empty note, or the list itself.
 */
export function ServerList<T>({
  items,
  failure,
  empty,
  retrying,
  onRetry,
  children,
}: {
  items: T[] | null;
  failure: string;
  empty: string;
  retrying: boolean;
  onRetry: () => void;
  children: (items: T[]) => ReactNode;
}) {
  const t = useTranslations("AdminArea.common");
  if (!items)
    return (
      <div
        role="alert"
        className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-red-800"
      >
        <p className="break-words">{failure}</p>
        <Button variant="secondary" size="sm" loading={retrying} onClick={onRetry}>
          {t("retry")}
        </Button>
      </div>
    );
  if (items.length === 0)
    return (
      <div className="mt-3">
        <EmptyState title={empty} />
      </div>
    );
  return children(items);
}

/**
 * An admin card: a section named by its heading (an action such as 'Refresh' may sit beside
 * it), then `hint` and `intro`, then its failure with a retry in place (the rest of the page stays usable),
 * the empty-list note where the list would start, and the content. `loading` marks it busy while
 * it loads again; the retry button keeps focus meanwhile.
 */
export function AdminCard({
  headingId,
  heading,
  headingLevel = 2,
  action,
  hint,
  intro,
  loading,
  failure,
  empty,
  children,
}: {
  headingId: string;
  heading: ReactNode;
  headingLevel?: 2 | 3;
  action?: ReactNode;
  /** A line below the heading. */
  hint?: ReactNode;
  intro?: ReactNode;
  loading?: boolean;
  failure?: { message: string; onRetry: () => void } | null;
  /** The empty list's title, shown when set. */
  empty?: string | false;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const title = (
    <Heading id={headingId} className="text-lg font-semibold text-slate-900">
      {heading}
    </Heading>
  );
  return (
    <Card as="section" aria-labelledby={headingId} aria-busy={loading} padding="compact" className="min-w-0">
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {title}
          {action}
        </div>
      ) : (
        title
      )}
      {hint && <p className="mt-1 text-sm text-slate-700">{hint}</p>}
      {intro}
      {failure && <RetryAlert message={failure.message} onRetry={failure.onRetry} retrying={loading} />}
      {empty && (
        <div className="mt-4">
          <EmptyState title={empty} />
        </div>
      )}
      {children}
    </Card>
  );
}
