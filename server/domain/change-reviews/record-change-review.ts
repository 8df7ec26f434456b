import { and, eq } from "drizzle-orm";
import type { Database } from "../../db";
import { type ChangeSnapshot, changeReviews } from "../../db/schema";
import { recordAuditEvent } from "../audit/record-audit-event";

export type ChangeReviewKind = "id_documents" | "bank_details";

/**
 * Puts an approved member's change before an admin, inside the caller's transaction (which has
 * locked the member's row, so two changes at once cannot open two reviews). A review already
 * waiting for this kind keeps its `previous` (what the admin approved) and takes the newest
 * `proposed`, so the admin always compares the approved state with the current one.
 */
export async function recordChangeReview(
  tx: Database,
  input: {
    userId: string;
    kind: ChangeReviewKind;
    previous: ChangeSnapshot;
    proposed: ChangeSnapshot;
    ip: string | null;
  },
): Promise<string> {
  const now = new Date();
  const [open] = await tx
    .select({ id: changeReviews.id })
    .from(changeReviews)
    .where(
      and(
        eq(changeReviews.userId, input.userId),
        eq(changeReviews.kind, input.kind),
        eq(changeReviews.status, "pending"),
      ),
    )
    .for("update");
  let reviewId: string;
  if (open) {
    await tx
      .update(changeReviews)
      .set({ proposed: input.proposed, updatedAt: now })
      .where(eq(changeReviews.id, open.id));
    reviewId = open.id;
  } else {
    const [created] = await tx
      .insert(changeReviews)
      .values({ userId: input.userId, kind: input.kind, previous: input.previous, proposed: input.proposed })
      .returning({ id: changeReviews.id });
    if (!created) throw new Error("change review insert returned nothing");
    reviewId = created.id;
  }
  // Facts only: the values themselves (IBAN, document ids) stay in the review row.
  await recordAuditEvent(tx, {
    action: "member.change_submitted_for_review",
    actorUserId: input.userId,
    subjectUserId: input.userId,
    details: { kind: input.kind, reviewId, updatedOpenReview: Boolean(open) },
    ip: input.ip,
  });
  return reviewId;
}
