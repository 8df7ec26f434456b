import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, type SQL, sql } from "drizzle-orm";
import type { ExpiredId, IdExpiry } from "../../../lib/schemas/id-expiry";
import type { Database } from "../../db";
import { documents, users } from "../../db/schema";
import { toAdminUserSummary } from "../admin/admin-user-view";
import type { MailOutbox } from "../mail/outbox";
import { idExpiringMail } from "../mail/templates";

/** Members hear about an expiring ID this many days ahead. */
const ID_EXPIRY_NOTICE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar day of `now`, as the upload's "expiry in the future" rule counts days. */
const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The days that bound the rules, as ISO dates (they compare correctly as strings). An ID whose
 * expiry date is today or earlier is expired: the upload refuses exactly these dates, so the
 * dashboard never calls an ID valid that a new upload with the same date would refuse.
 */
function expiryWindow(now: Date): { today: string; noticeUntil: string } {
  return {
    today: utcDay(now),
    noticeUntil: utcDay(new Date(now.getTime() + ID_EXPIRY_NOTICE_DAYS * DAY_MS)),
  };
}

/** The member's current ID: not superseded by a later upload. The front stands for the upload. */
const currentIdFront = (): SQL =>
  and(eq(documents.kind, "id"), eq(documents.side, "front"), isNull(documents.supersededAt)) as SQL;

/** Member accounts the rules apply to: not admins, not suspended. */
const servedMember = (): SQL => and(eq(users.role, "user"), ne(users.status, "suspended")) as SQL;

/** Where the member's current ID stands: the dashboard's notice reads this. */
export async function readOwnIdExpiry(db: Database, userId: string, now: Date): Promise<IdExpiry> {
  const [row] = await db
    .select({ expiryDate: documents.expiryDate })
    .from(documents)
    .where(and(eq(documents.userId, userId), currentIdFront()))
    .orderBy(desc(documents.createdAt))
    .limit(1);
  const expiryDate = row?.expiryDate ?? null;
  if (!expiryDate) return { state: "none", expiryDate: null };
  const { today, noticeUntil } = expiryWindow(now);
  if (expiryDate <= today) return { state: "expired", expiryDate };
  if (expiryDate <= noticeUntil) return { state: "expiring", expiryDate };
  return { state: "valid", expiryDate };
}

/** The admins' list is a work queue, not an archive: the longest expired come first. */
const EXPIRED_LIST_LIMIT = 100;

/**
 * Members whose current ID has expired: they need to upload a new one, and the admins see them
 * on the verify page with the date. A member leaves the list as soon as a new ID is uploaded
 * (it is current and not expired); after approval that upload goes before an admin as a change
 * review, like any other ID change.
 */
export async function listExpiredIds(db: Database, now: Date): Promise<ExpiredId[]> {
  const { today } = expiryWindow(now);
  const rows = await db
    .select({
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        companyName: users.companyName,
        userType: users.userType,
        status: users.status,
        adminVerifiedAt: users.adminVerifiedAt,
      },
      expiryDate: documents.expiryDate,
      uploadedAt: documents.createdAt,
    })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.userId))
    .where(and(currentIdFront(), lte(documents.expiryDate, today), servedMember()))
    .orderBy(asc(documents.expiryDate), asc(users.id))
    .limit(EXPIRED_LIST_LIMIT);
  return rows.map(({ user, expiryDate, uploadedAt }) => ({
    user: { ...toAdminUserSummary(user), approved: user.adminVerifiedAt !== null },
    expiry_date: expiryDate ?? "",
    uploaded_at: uploadedAt.toISOString(),
  }));
}

/** Rows marked and mailed per transaction: short transactions, which PGlite's one connection needs. */
const SWEEP_BATCH_SIZE = 50;

export type IdExpirySweepDeps = { db: Database; mail: MailOutbox; publicUrl: string };

/**
 * Mails every member whose current ID expires within the next 30 days, once per uploaded ID.
 * Each batch is one transaction: the due fronts are locked (`SKIP LOCKED`, so instances
 * sweeping at once take different rows, and a row another instance just marked is re-read and
 * left out), marked, and their mails written to the outbox; both commit or neither does.
 * Returns how many mails were queued.
 */
export async function sweepIdExpiry(deps: IdExpirySweepDeps, now: Date): Promise<number> {
  const { today, noticeUntil } = expiryWindow(now);
  let queued = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      // The lock is taken by a query of its own, so what this batch claimed is known apart from
      // what it marked: a row another instance marked and committed meanwhile is claimed here
      // but no longer unmarked. Ending the sweep on a short *mark* count stopped it while due
      // rows were still free (every instance could stop early, leaving members unmailed until
      // the next sweep); only a short *claim* means no free due row is left.
      const claimed = await tx
        .select({ id: documents.id })
        .from(documents)
        .innerJoin(users, eq(users.id, documents.userId))
        .where(
          and(
            currentIdFront(),
            isNull(documents.expiryNoticeSentAt),
            gt(documents.expiryDate, today),
            lte(documents.expiryDate, noticeUntil),
            servedMember(),
          ),
        )
        .orderBy(asc(documents.expiryDate))
        .limit(SWEEP_BATCH_SIZE)
        .for("update", { of: documents, skipLocked: true });
      if (claimed.length === 0) return { claimed: 0, marked: 0 };
      const marked = await tx
        .update(documents)
        .set({ expiryNoticeSentAt: sql`now()` })
        .where(
          and(
            inArray(
              documents.id,
              claimed.map((row) => row.id),
            ),
            isNull(documents.expiryNoticeSentAt),
          ),
        )
        .returning({ userId: documents.userId, expiryDate: documents.expiryDate });
      if (marked.length === 0) return { claimed: claimed.length, marked: 0 };
      const members = await tx
        .select({ id: users.id, email: users.email, language: users.language, userType: users.userType })
        .from(users)
        .where(
          inArray(
            users.id,
            marked.map((row) => row.userId),
          ),
        );
      const byId = new Map(members.map((member) => [member.id, member]));
      for (const row of marked) {
        const member = byId.get(row.userId);
        if (!member || !row.expiryDate) continue;
        const uploadUrl = new URL(`/${member.userType}-id-upload`, deps.publicUrl).toString();
        await deps.mail.enqueue(tx, idExpiringMail(member.email, member.language, row.expiryDate, uploadUrl));
      }
      return { claimed: claimed.length, marked: marked.length };
    });
    queued += batch.marked;
    if (batch.claimed < SWEEP_BATCH_SIZE) break;
  }
  if (queued > 0) deps.mail.wake();
  return queued;
}
