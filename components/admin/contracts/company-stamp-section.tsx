"use client";

import { useTranslations } from "next-intl";
import { useCallback, useId, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { AlertDialog, useFocusAfterDialog } from "@/components/ui/alert-dialog";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { stampApi } from "@/lib/api/contracts";
import { apiPath } from "@/lib/api/endpoint";
import type { ApiLoad } from "@/lib/api/problem";
import { isApiProblem } from "@/lib/api/problem";
import type { CompanyStamp } from "@/lib/schemas/contracts";
import {
  activeStampResponseSchema,
  stampListResponseSchema,
  stampResponseSchema,
} from "../admin-schemas.lazy";
import { LoadingNote, RetryAlert } from "../shared/admin-card";
import type { StampState } from "../shared/admin-dashboard-data";
import { DASHBOARD_PATHS } from "../shared/dashboard-paths";
import { StampImage } from "./stamp-image";
import { StampList } from "./stamp-list";
import { StampUploadForm } from "./stamp-upload-form";
import { InlineStatus, useStatusNote } from "./status-note";

const offline = (error: unknown) => isApiProblem(error) && error.code === "NETWORK";

/**
 * The company stamp, as the server loaded it for the first render. At most one stamp exists:
 * with one, it is shown with 'no further upload' and its actions; without one, the active stamp
 * (none) and the upload form. After a change the section asks again through the API client.
 */
export function CompanyStampSection({ initial }: { initial: ApiLoad<StampState> }) {
  const t = useTranslations("AdminContracts.stamp");
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [stamps, setStamps] = useState<CompanyStamp[] | null>(initial.ok ? initial.data.stamps : null);
  const [active, setActive] = useState<CompanyStamp | null>(initial.ok ? initial.data.active : null);
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(!initial.ok);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ stamp: CompanyStamp; opener: HTMLButtonElement } | null>(null);
  const { note, show } = useStatusNote();
  const generation = useRef(0);
  // Where focus goes once the dialog has closed (its modal state keeps the page inert until then).
  const focusAfterDialog = useFocusAfterDialog(Boolean(deleting));

  const load = useCallback(async () => {
    const current = ++generation.current;
    setLoading(true);
    const answers = await Promise.all([
      api.get(DASHBOARD_PATHS.stamps, stampListResponseSchema),
      api.get(DASHBOARD_PATHS.activeStamp, activeStampResponseSchema),
    ]).catch(() => null);
    if (current !== generation.current) return;
    setLoadFailed(!answers);
    if (answers) {
      setStamps(answers[0].stamps);
      setActive(answers[1].stamp);
    }
    setLoading(false);
  }, []);

  const activateStamp = async (stamp: CompanyStamp) => {
    setBusyId(stamp.id);
    try {
      const { stamp: updated } = await api.patch(
        apiPath(stampApi.activate, { id: String(stamp.id) }),
        undefined,
        stampResponseSchema,
      );
      setStamps((list) => list?.map((item) => (item.id === stamp.id ? updated : item)) ?? null);
      setActive(updated);
      show("success", t("activated"));
      void load();
    } catch (error) {
      show("error", offline(error) ? t("activateNetworkError") : t("activateFailed"));
    } finally {
      setBusyId(null);
    }
  };

  const deleteStamp = async (stamp: CompanyStamp): Promise<string | null> => {
    try {
      await api.delete(apiPath(stampApi.remove, { id: String(stamp.id) }));
    } catch (error) {
      const message = offline(error) ? t("deleteNetworkError") : t("deleteFailed");
      show("error", message);
      return message;
    }
    setStamps((list) => list?.filter((item) => item.id !== stamp.id) ?? null);
    setActive((current) => (current?.id === stamp.id ? null : current));
    // The button that opened the dialog is gone with the stamp: continue at the section.
    focusAfterDialog.current = headingRef.current;
    setDeleting(null);
    show("success", t("deleted"));
    void load();
    return null;
  };

  const exists = stamps !== null && stamps.length > 0;
  const headingId = `${id}-heading`;
  return (
    <Card
      as="section"
      aria-labelledby={headingId}
      aria-busy={loading}
      padding="compact"
      className="min-w-0 space-y-4"
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {t("heading")}
      </h2>
      <InlineStatus note={note} />
      <LoadingNote loading={loading} text={t("loading")} />
      {loadFailed && (
        <RetryAlert message={t("loadFailed")} retrying={loading} onRetry={() => void load()} spaced={false} />
      )}
      {loading && !stamps && <Skeleton className="h-24 w-full" />}

      {exists && <p className="font-medium text-slate-800">{t("noMoreUploads")}</p>}

      {stamps && !exists && (
        <>
          <div>
            <h3 className="font-semibold text-slate-900">{t("activeHeading")}</h3>
            {active ? (
              <div className="mt-2 flex items-center gap-3">
                <StampImage stamp={active} className="h-16" />
                <p className="text-slate-800">{t("stampTitle", { id: active.id })}</p>
              </div>
            ) : (
              <p className="mt-1 text-slate-700">{t("noActive")}</p>
            )}
          </div>
          <div className="border-t border-slate-200 pt-4">
            <h3 className="mb-3 font-semibold text-slate-900">{t("uploadHeading")}</h3>
            <StampUploadForm
              show={show}
              onUploaded={(stamp) => {
                setStamps([stamp]);
                if (stamp.isActive) setActive(stamp);
                show("success", stamp.isActive ? `${t("uploaded")} ${t("activated")}` : t("uploaded"));
                void load();
              }}
              onExisting={(stamp) => {
                if (stamp) setStamps([stamp]);
                void load();
              }}
            />
          </div>
        </>
      )}

      {stamps && (
        <div className="border-t border-slate-200 pt-4">
          <h3 className="font-semibold text-slate-900">{t("savedHeading")}</h3>
          <StampList
            stamps={stamps}
            busyId={busyId}
            onActivate={(stamp) => void activateStamp(stamp)}
            onDelete={(stamp, opener) => setDeleting({ stamp, opener })}
          />
        </div>
      )}

      {deleting && (
        <AlertDialog
          title={t("deleteDialog.title")}
          cancelLabel={t("deleteDialog.cancel")}
          confirmLabel={t("deleteDialog.confirm")}
          busyLabel={t("deleteDialog.deleting")}
          onCancel={() => {
            focusAfterDialog.current = deleting.opener;
            setDeleting(null);
          }}
          onConfirm={() => deleteStamp(deleting.stamp)}
        >
          <p>{t("deleteDialog.question", { id: deleting.stamp.id })}</p>
          <p className="font-medium text-red-800">{t("deleteDialog.warning")}</p>
        </AlertDialog>
      )}
    </Card>
  );
}
