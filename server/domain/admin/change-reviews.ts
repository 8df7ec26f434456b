import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { ChangeReview } from "../../../lib/schemas/admin";
import type { Database } from "../../db";
import {
  type BankDetailsSnapshot,
  type ChangeSnapshot,
  changeReviews,
  companyProfiles,
  documents,
  type IdDocumentsSnapshot,
  personalProfiles,
  users,
} from "../../db/schema";
import { AppError } from "../../errors";
import type { ObjectStorage } from "../../infra/storage/types";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { RequestContext } from "../auth/auth-deps";
import { DOCUMENT_URL_LIFETIME_SECONDS } from "../documents/list-own-id-documents";
import { isUuid } from "../ids";
import { lockRow } from "../lock-row";
import { maskIban } from "../profile/profile-view";
import { toAdminUserSummary } from "./admin-user-view";

/** The queue shows the oldest changes first; more than this at once is not a review queue. */
const QUEUE_LIMIT = 100;

const documentIdsOf = (snapshot: ChangeSnapshot) => (snapshot as IdDocumentsSnapshot).documentIds ?? [];
const bankOf = (snapshot: ChangeSnapshot) => snapshot as BankDetailsSnapshot;

/**
 * Pending change reviews, old and new side by side: ID documents with short-lived signed URLs
 * (call only after the admin check: the URLs are the authorization to fetch the bytes), bank
 * details with the IBAN masked.
 */
export async function listChangeReviews(deps: {
  db: Database;
  storage: ObjectStorage;
}): Promise<ChangeReview[]> {
  const rows = await deps.db
    .select({ review: changeReviews, user: users })
    .from(changeReviews)
    .innerJoin(users, eq(users.id, changeReviews.userId))
    .where(eq(changeReviews.status, "pending"))
    .orderBy(asc(changeReviews.createdAt), asc(changeReviews.id))
    .limit(QUEUE_LIMIT);

  const ids = rows.flatMap(({ review }) =>
    review.kind === "id_documents"
      ? [...documentIdsOf(review.previous), ...documentIdsOf(review.proposed)]
      : [],
  );
  const documentRows = ids.length
    ? await deps.db
        .select()
        .from(documents)
        .where(and(inArray(documents.id, ids), eq(documents.kind, "id")))
    : [];
  const byId = new Map(documentRows.map((row) => [row.id, row]));
  const documentsOf = async (snapshot: ChangeSnapshot) =>
    Promise.all(
      documentIdsOf(snapshot)
        .flatMap((id) => byId.get(id) ?? [])
        .sort((a, b) => (a.side === b.side ? 0 : a.side === "front" ? -1 : 1))
        .map(async (row) => ({
          id: row.id,
          side: row.side,
          document_type: row.documentType,
          id_type: row.idType,
          expiry_date: row.expiryDate,
          original_filename: row.originalFilename,
          uploaded_at: row.createdAt.toISOString(),
          signedUrl: await deps.storage.signedUrl(row.storageKey, {
            expiresInSeconds: DOCUMENT_URL_LIFETIME_SECONDS,
            fileName: row.originalFilename,
            disposition: "inline",
          }),
        })),
    );
  const bankView = (snapshot: ChangeSnapshot) => ({
    iban: maskIban(bankOf(snapshot).iban),
    account_holder_name: bankOf(snapshot).accountHolderName,
  });

  return Promise.all(
    rows.map(async ({ review, user }): Promise<ChangeReview> => {
      const base = {
        id: review.id,
        user: toAdminUserSummary(user),
        created_at: review.createdAt.toISOString(),
        updated_at: review.updatedAt.toISOString(),
      };
      if (review.kind === "id_documents") {
        return {
          ...base,
          kind: "id_documents",
          previous: { documents: await documentsOf(review.previous) },
          proposed: { documents: await documentsOf(review.proposed) },
        };
      }
      return {
        ...base,
        kind: "bank_details",
        previous: bankView(review.previous),
        proposed: bankView(review.proposed),
      };
    }),
  );
}

/**
 * Closes a pending review. Accepting keeps the change. Rejecting puts back what the admin had
 * approved: the previous bank details, or the previous ID documents as the current ones (the
 * rejected ones stay, superseded, for the audit trail). The review row is locked, so two admins
 * deciding at once end with one decision; the audit row commits with it.
 */
export async function decideChangeReview(
  db: Database,
  actor: { id: string },
  reviewId: string,
  decision: "accepted" | "rejected",
  context: RequestContext,
): Promise<void> {
  if (!isUuid(reviewId)) throw new AppError("NOT_FOUND", "changeReviewNotFound");
  await db.transaction(async (tx) => {
    const review = await lockRow(tx, changeReviews, reviewId, "changeReviewNotFound");
    if (review.status !== "pending") throw new AppError("CONFLICT", "changeAlreadyReviewed");
    // The member's row too, as their own changes take it: no change slips in between.
    const member = await lockRow(tx, users, review.userId, "changeReviewNotFound");
    const now = new Date();

    if (decision === "rejected") {
      if (review.kind === "bank_details") {
        const previous = bankOf(review.previous);
        const table = member.userType === "personal" ? personalProfiles : companyProfiles;
        await tx
          .update(table)
          .set({ iban: previous.iban, accountHolderName: previous.accountHolderName, updatedAt: now })
          .where(eq(table.userId, review.userId));
      } else {
        const current = and(
          eq(documents.userId, review.userId),
          eq(documents.kind, "id"),
          isNull(documents.supersededAt),
        );
        await tx.update(documents).set({ supersededAt: now }).where(current);
        const previousIds = documentIdsOf(review.previous);
        if (previousIds.length) {
          await tx
            .update(documents)
            .set({ supersededAt: null })
            .where(and(eq(documents.userId, review.userId), inArray(documents.id, previousIds)));
        }
      }
    }

    await tx
      .update(changeReviews)
      .set({ status: decision, decidedAt: now, decidedByUserId: actor.id, updatedAt: now })
      .where(eq(changeReviews.id, reviewId));
    // Facts only: the values (IBAN, document ids) stay in the review row.
    await recordAuditEvent(tx, {
      action: decision === "accepted" ? "admin.change_review_accepted" : "admin.change_review_rejected",
      actorUserId: actor.id,
      subjectUserId: review.userId,
      details: { reviewId, kind: review.kind },
      ip: context.ip,
    });
  });
}
