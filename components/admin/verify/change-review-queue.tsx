"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { buttonClass } from "@/components/ui/button";
import { adminVerificationApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import type { ApiLoad } from "@/lib/api/problem";
import { isApiProblem } from "@/lib/api/problem";
import { displayName } from "@/lib/display-name";
import { notify } from "@/lib/notify";
import type { ChangeReview, changeReviewListSchema as ChangeReviewListSchema } from "@/lib/schemas/admin";
import { changeReviewListSchema } from "../admin-schemas.lazy";
import { AdminCard } from "../shared/admin-card";
import { namedUser } from "../shared/admin-user";
import { useAdminDay } from "../shared/use-admin-date";
import { useAdminApiErrorMessage, useAdminErrorText } from "../shared/use-admin-error-text";
import { useRefreshable } from "../shared/use-refreshable";

type Side = "previous" | "proposed";
type ChangeReviewList = z.infer<typeof ChangeReviewListSchema>;
type ReviewDocument = Extract<ChangeReview, { kind: "id_documents" }>["previous"]["documents"][number];

/** Only same-origin paths (the BFF's /api/files/...) may become an img src or a link. */
const sameOrigin = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? url : null);

/**
 * Changes approved members made to what an admin verified (ID documents, bank details): the
 * approved version and the new one side by side, with accept and reject. The member's account
 * stays usable meanwhile; rejecting puts the approved version back (the API does that).
 */
export function ChangeReviewQueue({ initial }: { initial: ApiLoad<ChangeReviewList> }) {
  const t = useTranslations("AdminUser.changes");
  const errorText = useAdminErrorText();
  const { data, error, loading, reload, setData } = useRefreshable(
    apiPath(adminVerificationApi.changeReviews),
    changeReviewListSchema,
    initial,
  );
  // No review endpoint (an API without this feature) reads as nothing to review.
  const failed = error && error.status !== 404 ? error : null;

  return (
    <AdminCard
      headingId="change-reviews-heading"
      heading={t("heading")}
      hint={t("subtitle")}
      loading={loading}
      failure={
        failed && { message: t("loadFailed", { reason: errorText(failed) }), onRetry: () => void reload() }
      }
      empty={((error && !failed) || data?.reviews.length === 0) && t("empty")}
    >
      {data && data.reviews.length > 0 && (
        <ul className="mt-4 space-y-4">
          {data.reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard
                review={review}
                onDecided={() =>
                  setData((current) =>
                    current
                      ? { reviews: current.reviews.filter((other) => other.id !== review.id) }
                      : current,
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
    </AdminCard>
  );
}

function ReviewCard({ review, onDecided }: { review: ChangeReview; onDecided: () => void }) {
  const t = useTranslations("AdminUser.changes");
  const tInfo = useTranslations("AdminUser.info");
  const apiErrorMessage = useAdminApiErrorMessage();
  const [busy, setBusy] = useState(false);
  const name = displayName(namedUser(review.user), tInfo("noName"));
  const headingId = `change-review-${review.id}`;
  const day = useAdminDay();
  const changedAt = day(review.updated_at)?.text ?? "";

  const decide = async (action: "accept" | "reject") => {
    if (busy) return;
    setBusy(true);
    try {
      await api.post(
        apiPath(action === "accept" ? adminVerificationApi.acceptChange : adminVerificationApi.rejectChange, {
          id: review.id,
        }),
      );
      notify.success(action === "accept" ? t("accepted") : t("rejected"));
      onDecided();
    } catch (error) {
      const reason =
        isApiProblem(error) && error.code !== "NETWORK"
          ? apiErrorMessage(error, String(error.status))
          : "network";
      notify.error(t("failed", { reason }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-300 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {t("kind", { kind: review.kind })}: {name}
          </h3>
          <p className="break-all text-sm text-slate-700">{review.user.email}</p>
          <p className="text-sm text-slate-700">{t("changedAt", { date: changedAt })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass()}
            aria-disabled={busy}
            onClick={() => void decide("accept")}
          >
            {t("accept")}
            <span className="sr-only"> ({name})</span>
          </button>
          <button
            type="button"
            className={buttonClass({ variant: "danger" })}
            aria-disabled={busy}
            onClick={() => void decide("reject")}
          >
            {t("reject")}
            <span className="sr-only"> ({name})</span>
          </button>
        </div>
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {(["previous", "proposed"] as const).map((side) => (
          <section
            key={side}
            aria-label={`${t(side)}: ${t("kind", { kind: review.kind })}`}
            data-testid={`change-${side}`}
            className={side === "proposed" ? "rounded-lg bg-amber-50 p-3" : "rounded-lg bg-slate-50 p-3"}
          >
            <h4 className="font-semibold text-slate-900">{t(side)}</h4>
            {review.kind === "bank_details" ? (
              <dl className="mt-2 space-y-1 text-sm text-slate-800">
                <div>
                  <dt className="font-medium">{t("iban")}</dt>
                  <dd className="font-mono">{review[side].iban ?? t("notSet")}</dd>
                </div>
                <div>
                  <dt className="font-medium">{t("accountHolder")}</dt>
                  <dd>{review[side].account_holder_name ?? t("notSet")}</dd>
                </div>
              </dl>
            ) : (
              <DocumentImages documents={review[side].documents} which={side} name={name} />
            )}
          </section>
        ))}
      </div>
    </article>
  );
}

function DocumentImages({
  documents,
  which,
  name,
}: {
  documents: ReviewDocument[];
  which: Side;
  name: string;
}) {
  const t = useTranslations("AdminUser.changes");
  const tMedia = useTranslations("AdminUser.media");
  if (documents.length === 0) return <p className="mt-2 text-sm text-slate-700">{t("noDocuments")}</p>;
  const first = documents[0];
  return (
    <div className="mt-2 space-y-2">
      {first?.id_type && (
        <p className="text-sm text-slate-800">
          {t("idDetails", { idType: first.id_type, expiry: first.expiry_date ?? t("notSet") })}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        {documents.map((document) => {
          const src = sameOrigin(document.signedUrl);
          const side = tMedia(`side.${document.side ?? "other"}` as "side.front");
          return (
            <figure key={document.id} className="text-sm text-slate-800">
              {src ? (
                <a href={src} target="_blank" rel="noopener noreferrer" className="block">
                  {/* biome-ignore lint/performance/noImgElement: signed same-origin file URLs, not static assets for next/image. */}
                  <img
                    src={src}
                    alt={t("imageAlt", { side, which, name })}
                    className="h-32 w-full rounded-lg bg-white object-contain"
                  />
                  <span className="sr-only"> {tMedia("newTab")}</span>
                </a>
              ) : (
                <p>{tMedia("unavailable")}</p>
              )}
              <figcaption>{side}</figcaption>
            </figure>
          );
        })}
      </div>
    </div>
  );
}
