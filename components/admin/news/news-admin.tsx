"use client";

import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useRef, useState, useTransition } from "react";
import { api } from "@/components/api/client";
import { AlertDialog, useFocusAfterDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { apiPath } from "@/lib/api/endpoint";
import { newsApi } from "@/lib/api/news";
import { isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { AdminNewsItem, NewsFormValues } from "@/lib/schemas/news";
import { adminNewsResultSchema } from "../admin-schemas.lazy";
import { NewsFilters } from "./news-filters";
import { NewsForm } from "./news-form";
import { NewsList } from "./news-list";
import { type NewsUrlQuery, newsSearch, today, toFormValues } from "./news-query";

type Editing = { item: AdminNewsItem | null; defaults: NewsFormValues };

/**
 * The admin news page below its heading: filters in the URL, the list the server loaded for
 * them (null when it could not), and the dialogs that write, edit and delete. After a change the
 * server renders the list again.
 */
export function NewsAdmin({ query, items }: { query: NewsUrlQuery; items: AdminNewsItem[] | null }) {
  const t = useTranslations("AdminNews");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<AdminNewsItem | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  // After a delete the item's own buttons are gone: focus goes to "Write news" once the dialog
  // has closed (while it is open the page is inert and cannot take focus).
  const focusAfterDialog = useFocusAfterDialog(Boolean(deleting));

  const reload = useCallback(() => startTransition(() => router.refresh()), [router]);
  const navigate = (next: Partial<NewsUrlQuery>) =>
    startTransition(() => router.push(`${pathname}${newsSearch({ ...query, ...next })}`));

  const openCreate = () =>
    setEditing({
      item: null,
      defaults: {
        language: query.language ?? "en",
        title: "",
        body: "",
        date: today(),
        link: "",
        published: false,
      },
    });

  const saved = (item: AdminNewsItem) => {
    const created = editing?.item === null;
    setEditing(null);
    notify.success(t(created ? "created" : "saved", { title: item.title }));
    reload();
  };

  const togglePublished = async (item: AdminNewsItem) => {
    setBusyId(item.id);
    try {
      const body = { ...toFormValues(item), published: !item.published };
      await api.put(apiPath(newsApi.update, { id: item.id }), body, adminNewsResultSchema);
      notify.success(t(item.published ? "unpublished" : "published", { title: item.title }));
      reload();
    } catch (error) {
      if (!(isApiProblem(error) && error.status === 401)) notify.error(t("toggleFailed"));
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (item: AdminNewsItem): Promise<string | null> => {
    try {
      await api.delete(apiPath(newsApi.remove, { id: item.id }));
    } catch (error) {
      if (isApiProblem(error) && error.status === 404) {
        // Gone already (another admin): the list only needs to catch up.
      } else return t("deleteFailed");
    }
    focusAfterDialog.current = createRef.current;
    setDeleting(null);
    notify.success(t("deleted", { title: item.title }));
    reload();
    return null;
  };

  return (
    <Card
      as="section"
      aria-labelledby="news-list-heading"
      aria-busy={pending}
      padding="compact"
      className="min-w-0 space-y-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="news-list-heading" className="text-lg font-semibold text-slate-900">
          {t("listHeading")}
        </h2>
        <Button ref={createRef} size="sm" onClick={openCreate}>
          {t("create")}
        </Button>
      </div>
      <NewsFilters query={query} onChange={navigate} />

      {items === null ? (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          <p>{t("loadFailed")}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={reload}>
            {t("retry")}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState title={t(query.language || query.state ? "emptyFiltered" : "empty")}>
          {t("emptyHint")}
        </EmptyState>
      ) : (
        <NewsList
          items={items}
          busyId={busyId}
          onEdit={(item) => setEditing({ item, defaults: toFormValues(item) })}
          onTogglePublished={(item) => void togglePublished(item)}
          onDelete={setDeleting}
        />
      )}

      {editing && (
        <Dialog
          size="lg"
          title={editing.item ? t("editTitle") : t("createTitle")}
          onClose={() => setEditing(null)}
        >
          <NewsForm
            item={editing.item}
            defaults={editing.defaults}
            onSaved={saved}
            onCancel={() => setEditing(null)}
          />
        </Dialog>
      )}
      {deleting && (
        <AlertDialog
          title={t("deleteTitle")}
          cancelLabel={t("form.cancel")}
          confirmLabel={t("delete")}
          busyLabel={t("deleting")}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove(deleting)}
        >
          <p>{t("deleteQuestion", { title: deleting.title })}</p>
        </AlertDialog>
      )}
    </Card>
  );
}
