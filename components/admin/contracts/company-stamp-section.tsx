"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { api } from "@/components/api/client";
import { isApiProblem } from "@/components/api/problem";
import { Button } from "@/components/ui/button";
import {
  activeStampResponseSchema,
  type CompanyStamp,
  stampListResponseSchema,
  stampResponseSchema,
} from "@/lib/schemas/contracts";
import { ConfirmDialog } from "../confirm-dialog";
import { adminCardClass } from "../dashboard-ui";
import { InlineStatus, useStatusNote } from "./contract-ui";
import { StampImage } from "./stamp-image";
import { StampUploadForm } from "./stamp-upload-form";

const offline = (error: unknown) => isApiProblem(error) && error.code === "NETWORK";

/**
 * Spec §2 company stamp section (German texts in de). At most one stamp exists: with one,
 * it is shown with 'Ein weiterer Upload ist nicht erlaubt.' and its actions; without one,
 * the active stamp (none) and the upload form.
 */
export function CompanyStampSection() {
  const t = useTranslations("AdminContracts.stamp");
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [stamps, setStamps] = useState<CompanyStamp[] | null>(null);
  const [active, setActive] = useState<CompanyStamp | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ stamp: CompanyStamp; opener: HTMLButtonElement } | null>(null);
  const { note, show } = useStatusNote();
  const generation = useRef(0);
  // Where focus goes once the dialog has closed (its modal state keeps the page inert until then).
  const focusAfterDialog = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (deleting || !focusAfterDialog.current) return;
    focusAfterDialog.current.focus();
    focusAfterDialog.current = null;
  }, [deleting]);

  const load = useCallback(async () => {
    const current = ++generation.current;
    setLoading(true);
    const answers = await Promise.all([
      api.get("/api/company-stamps/mine", stampListResponseSchema),
      api.get("/api/company-stamps/mine/active", activeStampResponseSchema),
    ]).catch(() => null);
    if (current !== generation.current) return;
    setLoadFailed(!answers);
    if (answers) {
      setStamps(answers[0].stamps);
      setActive(answers[1].stamp);
    }
    setLoading(false);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const activateStamp = async (stamp: CompanyStamp) => {
    setBusyId(stamp.id);
    try {
      const { stamp: updated } = await api.patch(
        `/api/company-stamps/${stamp.id}/activate`,
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
      await api.delete(`/api/company-stamps/${stamp.id}`);
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
    <section aria-labelledby={headingId} aria-busy={loading} className={`${adminCardClass} space-y-4`}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {t("heading")}
      </h2>
      <InlineStatus note={note} />
      <p role="status" className={loading && !stamps ? "text-slate-700" : "sr-only"}>
        {loading && !stamps ? t("loading") : ""}
      </p>
      {loadFailed && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-red-800">
          <p role="alert">{t("loadFailed")}</p>
          <Button variant="secondary" size="sm" onClick={() => void load()}>
            {t("retry")}
          </Button>
        </div>
      )}

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
          {stamps.length === 0 ? (
            <p className="mt-1 text-slate-700">{t("savedEmpty")}</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {stamps.map((stamp) => {
                const titleId = `${id}-stamp-${stamp.id}`;
                const busy = busyId === stamp.id;
                return (
                  <li
                    key={stamp.id}
                    data-active={stamp.isActive}
                    className={`flex flex-wrap items-center gap-4 rounded-lg border p-3 ${
                      stamp.isActive
                        ? "border-green-700 bg-green-50 ring-1 ring-green-700"
                        : "border-slate-300"
                    }`}
                  >
                    <StampImage stamp={stamp} className="h-24" />
                    <div className="min-w-0 flex-1 space-y-1">
                      <p
                        id={titleId}
                        className="flex flex-wrap items-center gap-2 font-medium text-slate-900"
                      >
                        {t("stampTitle", { id: stamp.id })}
                        <span
                          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
                            stamp.isActive
                              ? "bg-green-100 text-green-800 ring-green-700/30"
                              : "bg-slate-200 text-slate-800 ring-slate-500/30"
                          }`}
                        >
                          {stamp.isActive ? t("activeBadge") : t("inactiveBadge")}
                        </span>
                      </p>
                      {stamp.label && (
                        <p className="break-words text-slate-800">
                          {t("stampLabel", { label: stamp.label })}
                        </p>
                      )}
                      <div className="flex flex-wrap gap-2 pt-1">
                        {!stamp.isActive && (
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-describedby={titleId}
                            loading={busy}
                            onClick={() => void activateStamp(stamp)}
                          >
                            {t("activate")}
                          </Button>
                        )}
                        <Button
                          variant="danger"
                          size="sm"
                          aria-describedby={titleId}
                          onClick={(event) => setDeleting({ stamp, opener: event.currentTarget })}
                        >
                          {t("delete")}
                        </Button>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}

      {deleting && (
        <ConfirmDialog
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
        </ConfirmDialog>
      )}
    </section>
  );
}
