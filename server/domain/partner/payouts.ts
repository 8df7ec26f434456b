import crypto from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db";
import { payoutCommissions, payoutItems, payouts } from "../../db/schema";
import { AppError, type ErrorReason } from "../../errors";
import { buildCreditTransferFile, type DebtorAccount } from "../../infra/sepa/credit-transfer";
import type { Actor } from "../actor";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { MailOutbox } from "../mail/outbox";
import { payoutExecutedMail } from "../mail/templates";
import { recordNetted, recordPaid } from "./ledger";
import {
  deleteStoredStatements,
  loadStatementSubjects,
  type StatementDeps,
  storeStatements,
} from "./payout-statements";

type PayoutRunStatus = (typeof payouts.$inferSelect)["status"];

/** PAYOUT_MINIMUM_CENTS and the platform's own account (PAYOUT_DEBTOR_*); none: payouts are off. */
export type PayoutConfig = { minimumCents: number; debtor: DebtorAccount | null };

/**
 * Every payout operation (prepare, execute, cancel) holds this transaction-level lock, so they run
 * one after another: a run is prepared from what the runs before it left, never beside one.
 * Payout runs are rare admin actions; queueing them costs nothing users notice.
 */
const PAYOUT_LOCK = 7_302_301;
const lockPayouts = (tx: Database) => tx.execute(sql`select pg_advisory_xact_lock(${PAYOUT_LOCK})`);

/** A commission a transfer settles: paid when approved, netted (negative) when refunded after a payout. */
type Settled = { commissionId: string; partnerUserId: string; amountCents: number };

/**
 * What each eligible member is owed now: approved commissions not yet paid (and not in an open
 * run), less refunds of commissions already paid out that no payout has netted yet. Eligible:
 * approved, not suspended, not deleted, bank details on file, and no bank change waiting for review.
 */
async function payableBalances(tx: Database) {
  const rows = (await tx.execute(sql`
    with states as (
      select c.id, c.partner_user_id, c.amount_cents,
        bool_or(e.event = 'approved') as approved,
        bool_or(e.event = 'reversed') as reversed,
        bool_or(e.event = 'paid') as paid,
        bool_or(e.event = 'netted') as netted
      from commissions c
      join ledger_entries e on e.commission_id = c.id
      where c.partner_user_id is not null
      group by c.id
    )
    select s.id as commission_id, s.partner_user_id,
      case when s.paid then -s.amount_cents else s.amount_cents end as amount_cents,
      u.language, coalesce(pp.iban, cp.iban) as iban,
      coalesce(pp.account_holder_name, cp.account_holder_name) as holder
    from states s
    join users u on u.id = s.partner_user_id
    left join personal_profiles pp on pp.user_id = u.id and u.user_type = 'personal'
    left join company_profiles cp on cp.user_id = u.id and u.user_type = 'company'
    where ((s.approved and not s.reversed and not s.paid) or (s.reversed and s.paid and not s.netted))
      and not exists (
        select 1 from payout_commissions pc join payout_items pi on pi.id = pc.payout_item_id
        where pc.commission_id = s.id and pi.open)
      and u.admin_verified_at is not null and u.status <> 'suspended' and u.deleted_at is null
      and coalesce(pp.iban, cp.iban) is not null
      and coalesce(pp.account_holder_name, cp.account_holder_name) is not null
      and not exists (
        select 1 from change_reviews r
        where r.user_id = u.id and r.kind = 'bank_details' and r.status = 'pending')
    order by s.partner_user_id, s.id`)) as unknown as {
    rows: Array<{
      commission_id: string;
      partner_user_id: string;
      amount_cents: string | number;
      language: string;
      iban: string;
      holder: string;
    }>;
  };
  const members = new Map<
    string,
    { language: string; iban: string; holder: string; totalCents: number; settled: Settled[] }
  >();
  for (const row of rows.rows) {
    const amountCents = Number(row.amount_cents);
    const member = members.get(row.partner_user_id) ?? {
      language: row.language,
      iban: row.iban.replace(/\s+/g, "").toUpperCase(),
      holder: row.holder,
      totalCents: 0,
      settled: [],
    };
    member.totalCents += amountCents;
    member.settled.push({ commissionId: row.commission_id, partnerUserId: row.partner_user_id, amountCents });
    members.set(row.partner_user_id, member);
  }
  return members;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const newMessageId = (at: Date) =>
  `PAYOUT-${utcDay(at).replaceAll("-", "")}-${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
const REFERENCE = { en: "Partner commission payout", de: "Auszahlung Partnerprovision" } as const;

/**
 * Prepares a payout run: one transfer per eligible member owed at least the minimum, and the SEPA
 * file paying them, checked against the scheme before it is kept. Nothing in the ledger changes
 * until the run is executed. 409 PAYOUTS_NOT_CONFIGURED without the platform's account,
 * 409 NOTHING_TO_PAY when no member is owed the minimum.
 */
export async function preparePayoutRun(db: Database, config: PayoutConfig, actor: Actor, now = new Date()) {
  const debtor = config.debtor;
  if (!debtor) throw new AppError("PAYOUTS_NOT_CONFIGURED");
  return db.transaction(async (tx) => {
    await lockPayouts(tx);
    const owed = [...(await payableBalances(tx)).entries()].filter(
      ([, member]) => member.totalCents >= config.minimumCents && member.totalCents > 0,
    );
    if (owed.length === 0) throw new AppError("NOTHING_TO_PAY");
    const messageId = newMessageId(now);
    const totalCents = owed.reduce((sum, [, member]) => sum + member.totalCents, 0);
    const transfers = owed.map(([partnerUserId, member]) => ({
      partnerUserId,
      ...member,
      endToEndId: `PP${crypto.randomUUID().replaceAll("-", "").toUpperCase()}`,
    }));
    const sepaXml = await buildCreditTransferFile({
      messageId,
      createdAt: now,
      executionDate: now,
      debtor,
      transfers: transfers.map((transfer) => ({
        name: transfer.holder,
        iban: transfer.iban,
        amountCents: transfer.totalCents,
        endToEndId: transfer.endToEndId,
        reference: `${REFERENCE[transfer.language === "de" ? "de" : "en"]} ${utcDay(now)}`,
      })),
    });
    const [run] = await tx
      .insert(payouts)
      .values({
        messageId,
        totalCents,
        itemCount: transfers.length,
        executionDate: utcDay(now),
        sepaXml,
        createdByUserId: actor.actorId,
      })
      .returning({ id: payouts.id });
    if (!run) throw new Error("payout insert returned nothing");
    for (const transfer of transfers) {
      const [item] = await tx
        .insert(payoutItems)
        .values({
          payoutId: run.id,
          partnerUserId: transfer.partnerUserId,
          amountCents: transfer.totalCents,
          accountHolder: transfer.holder,
          iban: transfer.iban,
          endToEndId: transfer.endToEndId,
          language: transfer.language,
        })
        .returning({ id: payoutItems.id });
      if (!item) throw new Error("payout item insert returned nothing");
      await tx.insert(payoutCommissions).values(
        transfer.settled.map((settled) => ({
          payoutItemId: item.id,
          commissionId: settled.commissionId,
          amountCents: settled.amountCents,
        })),
      );
    }
    await recordAuditEvent(tx, {
      action: "admin.payout_prepared",
      actorUserId: actor.actorId,
      details: { payoutId: run.id, messageId, itemCount: transfers.length, totalCents },
      ip: actor.ip,
    });
    return { id: run.id, messageId, itemCount: transfers.length, totalCents };
  });
}

/** Why a run that is no longer prepared takes no change: one whole sentence per state. */
const closedRunRefusals = {
  executed: "payoutRunAlreadyExecuted",
  cancelled: "payoutRunAlreadyCancelled",
} as const satisfies Record<Exclude<PayoutRunStatus, "prepared">, ErrorReason>;

/** The run, if it exists and is still prepared: 404 or 409 PAYOUT_NOT_OPEN otherwise. */
function assertOpen(run: typeof payouts.$inferSelect | undefined) {
  if (!run) throw new AppError("NOT_FOUND", "payoutRunNotFound");
  if (run.status !== "prepared") throw new AppError("PAYOUT_NOT_OPEN", closedRunRefusals[run.status]);
  return run;
}

async function lockOpenRun(tx: Database, id: string) {
  await lockPayouts(tx);
  const [run] = await tx.select().from(payouts).where(eq(payouts.id, id)).for("update");
  return assertOpen(run);
}

/**
 * A first look without the lock, so a run that is executed or cancelled already is refused
 * before any statement is rendered; the locked look in the transaction is the one that counts.
 */
async function readOpenRun(db: Database, id: string) {
  const [run] = await db.select().from(payouts).where(eq(payouts.id, id));
  return assertOpen(run);
}

/** What executing a run needs: the database and outbox, and where its statements are rendered to. */
export type ExecutePayoutDeps = StatementDeps & { mail: MailOutbox };

/**
 * The bank has the file and executed it: each settled commission gets its ledger rows (paid, or
 * netted for a refund after an earlier payout), the transfers close, and each member is mailed
 * with their statement attached. Once only: a second call finds the run executed (409), and the
 * ledger's unique index refuses a second paid row for any commission whatever happens.
 *
 * The statements are rendered and stored first, outside the transaction (rendering takes a while
 * and must not hold the payout lock or a connection); only then does the transaction write the
 * ledger and the mails. A render, a store or the transaction that fails leaves the run prepared,
 * and the statements stored so far are deleted again: never a run half executed, never a mail
 * pointing at a file that was not stored.
 */
export async function executePayoutRun(deps: ExecutePayoutDeps, publicUrl: string, id: string, actor: Actor) {
  const { db, mail } = deps;
  const opened = await readOpenRun(db, id);
  const paidAt = new Date();
  const subjects = await loadStatementSubjects(db, opened.id);
  const stored: string[] = [];
  try {
    const statements = await storeStatements(deps, subjects, opened, paidAt, stored);
    await writeExecutedRun(db, mail, { publicUrl, id, actor, paidAt, subjects, statements });
  } catch (error) {
    await deleteStoredStatements(deps, stored, "payout run not executed");
    throw error;
  }
  mail.wake();
}

/** The execution's one transaction: the ledger rows, the closed transfers, the mails, the audit. */
async function writeExecutedRun(
  db: Database,
  mail: MailOutbox,
  {
    publicUrl,
    id,
    actor,
    paidAt,
    subjects,
    statements,
  }: {
    publicUrl: string;
    id: string;
    actor: Actor;
    paidAt: Date;
    subjects: Awaited<ReturnType<typeof loadStatementSubjects>>;
    statements: Awaited<ReturnType<typeof storeStatements>>;
  },
) {
  await db.transaction(async (tx) => {
    const run = await lockOpenRun(tx, id);
    const items = await tx.select().from(payoutItems).where(eq(payoutItems.payoutId, run.id));
    const settled = await tx
      .select()
      .from(payoutCommissions)
      .where(
        inArray(
          payoutCommissions.payoutItemId,
          items.map((item) => item.id),
        ),
      );
    const partnerOf = new Map(items.map((item) => [item.id, item.partnerUserId]));
    for (const row of settled) {
      const commission = { id: row.commissionId, partnerUserId: partnerOf.get(row.payoutItemId) ?? null };
      if (row.amountCents > 0) await recordPaid(tx, commission, row.amountCents, run.id);
      else await recordNetted(tx, commission, -row.amountCents, run.id);
    }
    await tx.update(payouts).set({ status: "executed", executedAt: paidAt }).where(eq(payouts.id, run.id));
    await tx.update(payoutItems).set({ open: false }).where(eq(payoutItems.payoutId, run.id));
    // The members as read for their statements, so the mail and its PDF share one language.
    const earningsUrl = new URL("/earnings", publicUrl).toString();
    for (const member of subjects) {
      await mail.enqueue(
        tx,
        payoutExecutedMail(
          member.email,
          member.language,
          member.amountCents,
          member.iban.slice(-4),
          earningsUrl,
          statements.get(member.itemId),
        ),
      );
    }
    await recordAuditEvent(tx, {
      action: "admin.payout_executed",
      actorUserId: actor.actorId,
      details: {
        payoutId: run.id,
        messageId: run.messageId,
        itemCount: run.itemCount,
        totalCents: run.totalCents,
      },
      ip: actor.ip,
    });
  });
  mail.wake();
}

/** Cancels a run before it is executed: its transfers close, the ledger is untouched. */
export async function cancelPayoutRun(db: Database, id: string, actor: Actor) {
  await db.transaction(async (tx) => {
    const run = await lockOpenRun(tx, id);
    await tx
      .update(payouts)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(payouts.id, run.id));
    await tx.update(payoutItems).set({ open: false }).where(eq(payoutItems.payoutId, run.id));
    await recordAuditEvent(tx, {
      action: "admin.payout_cancelled",
      actorUserId: actor.actorId,
      details: { payoutId: run.id, messageId: run.messageId },
      ip: actor.ip,
    });
  });
}

const toRun = (row: typeof payouts.$inferSelect) => ({
  id: row.id,
  status: row.status,
  messageId: row.messageId,
  totalCents: row.totalCents,
  itemCount: row.itemCount,
  executionDate: row.executionDate,
  createdAt: row.createdAt.toISOString(),
  executedAt: row.executedAt?.toISOString() ?? null,
  cancelledAt: row.cancelledAt?.toISOString() ?? null,
});

/** The runs, newest first. */
export async function listPayoutRuns(db: Database) {
  const rows = await db.select().from(payouts).orderBy(desc(payouts.createdAt)).limit(200);
  return rows.map(toRun);
}

/** One run with its transfers (the IBAN shortened to its last four characters). */
export async function readPayoutRun(db: Database, id: string) {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  if (!row) throw new AppError("NOT_FOUND", "payoutRunNotFound");
  const items = await db
    .select({
      partnerUserId: payoutItems.partnerUserId,
      amountCents: payoutItems.amountCents,
      accountHolder: payoutItems.accountHolder,
      iban: payoutItems.iban,
    })
    .from(payoutItems)
    .where(eq(payoutItems.payoutId, id))
    .orderBy(payoutItems.accountHolder);
  return {
    ...toRun(row),
    items: items.map((item) => ({
      partnerUserId: item.partnerUserId,
      amountCents: item.amountCents,
      accountHolder: item.accountHolder,
      ibanEnd: item.iban.slice(-4),
    })),
  };
}

/** The run's SEPA file as it was checked and offered; a cancelled run's is gone for good (410). */
export async function readPayoutFile(db: Database, id: string) {
  const [row] = await db
    .select({ xml: payouts.sepaXml, status: payouts.status, messageId: payouts.messageId })
    .from(payouts)
    .where(eq(payouts.id, id));
  if (!row) throw new AppError("NOT_FOUND", "payoutRunNotFound");
  if (row.status === "cancelled") throw new AppError("GONE", "payoutRunCancelled");
  return { xml: row.xml, fileName: `${row.messageId}.xml` };
}

/** The payouts a member received, newest first (the earnings page). */
export async function payoutsReceivedBy(db: Database, userId: string) {
  const rows = await db
    .select({ id: payoutItems.id, amountCents: payoutItems.amountCents, executedAt: payouts.executedAt })
    .from(payoutItems)
    .innerJoin(payouts, eq(payouts.id, payoutItems.payoutId))
    .where(and(eq(payoutItems.partnerUserId, userId), eq(payouts.status, "executed")))
    .orderBy(desc(payouts.executedAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    amountCents: row.amountCents,
    paidAt: row.executedAt?.toISOString() ?? "",
  }));
}
