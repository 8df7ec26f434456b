import crypto from "node:crypto";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Logger } from "pino";
import { type Locale, toLocale } from "../../../lib/i18n/config";
import type { Database } from "../../db";
import {
  commissions,
  type MailAttachmentRef,
  payoutCommissions,
  payoutItems,
  shopOrders,
  users,
} from "../../db/schema";
import { AppError } from "../../errors";
import { type PayoutStatementPdfInput, renderPayoutStatementPdf } from "../../infra/pdf/render-contract-pdf";
import { type RenderObserver, RenderQueueFullError } from "../../infra/pdf/render-queue";
import { deleteStoredObjects } from "../../infra/storage/delete-stored-objects";
import type { ObjectStorage } from "../../infra/storage/types";
import { displaySettings } from "../display-settings";
import { appNameIn, translatorsOf } from "../translators";

// Each paid member's statement of a payout run: which commissions the transfer settles, as a
// PDF in their language, stored in object storage and attached to their payout mail.

export type StatementDeps = {
  db: Database;
  storage: ObjectStorage;
  logger: Logger;
  /** The app's metrics hear of each render, as of contract renders. */
  renders?: RenderObserver;
};

/** One commission a transfer settles: paid (positive) or a refund netted against it (negative). */
type StatementLine = { placedAt: Date; orderCents: number; basisPoints: number; amountCents: number };

/** A transfer of the run with what its statement shows and whom it is mailed to. */
export type StatementSubject = {
  itemId: string;
  email: string;
  language: Locale;
  accountHolder: string;
  iban: string;
  amountCents: number;
  lines: StatementLine[];
};

/**
 * The run's transfers whose member still has an account, each with the commissions it settles
 * in the order they were placed. A prepared run's transfers never change, so what is read here
 * before the run is executed is what the execution pays.
 */
export async function loadStatementSubjects(db: Database, payoutId: string): Promise<StatementSubject[]> {
  const items = await db
    .select({
      itemId: payoutItems.id,
      email: users.email,
      language: users.language,
      accountHolder: payoutItems.accountHolder,
      iban: payoutItems.iban,
      amountCents: payoutItems.amountCents,
    })
    .from(payoutItems)
    .innerJoin(users, eq(users.id, payoutItems.partnerUserId))
    .where(and(eq(payoutItems.payoutId, payoutId), isNotNull(payoutItems.partnerUserId)))
    .orderBy(asc(payoutItems.id));
  if (items.length === 0) return [];
  const settled = await db
    .select({
      itemId: payoutCommissions.payoutItemId,
      amountCents: payoutCommissions.amountCents,
      basisPoints: commissions.basisPoints,
      placedAt: shopOrders.placedAt,
      orderCents: shopOrders.amountCents,
    })
    .from(payoutCommissions)
    .innerJoin(commissions, eq(commissions.id, payoutCommissions.commissionId))
    .innerJoin(shopOrders, eq(shopOrders.id, commissions.shopOrderId))
    .where(
      inArray(
        payoutCommissions.payoutItemId,
        items.map((item) => item.itemId),
      ),
    )
    .orderBy(asc(shopOrders.placedAt), asc(commissions.id));
  return items.map((item) => ({
    ...item,
    language: toLocale(item.language),
    lines: settled.filter((line) => line.itemId === item.itemId),
  }));
}

const translatorFor = translatorsOf("PayoutStatement");

/** Euros from integer cents, as the member's language writes them (the payout mail's format). */
const money = (locale: Locale, cents: number) =>
  new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(cents / 100);

/** A day as the member's language writes it, in the installation's zone (like contract dates). */
const day = (locale: Locale, at: Date, dateStyle: "medium" | "long") =>
  new Intl.DateTimeFormat(locale === "de" ? "de-DE" : "en-GB", {
    dateStyle,
    timeZone: displaySettings().timeZone,
  }).format(at);

/** The statement's texts and figures, all formatted here: the render worker knows no language. */
function statementPdfInput(
  subject: StatementSubject,
  run: { messageId: string },
  paidAt: Date,
): PayoutStatementPdfInput {
  const locale = subject.language;
  const t = translatorFor(locale);
  const appName = appNameIn(locale);
  const rate = (basisPoints: number) =>
    new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(
      basisPoints / 10_000,
    );
  return {
    lang: locale,
    platformName: appName,
    title: t("title"),
    details: [
      { label: t("accountHolder"), value: subject.accountHolder },
      { label: t("payoutDate"), value: day(locale, paidAt, "long") },
      { label: t("reference"), value: run.messageId },
      { label: t("account"), value: t("accountEnding", { ibanEnd: subject.iban.slice(-4) }) },
    ],
    columns: {
      date: t("orderDate"),
      description: t("description"),
      orderAmount: t("orderAmount"),
      commission: t("commission"),
    },
    lines: subject.lines.map((line) => ({
      date: day(locale, line.placedAt, "medium"),
      description:
        line.amountCents < 0 ? t("refundLine") : t("commissionLine", { rate: rate(line.basisPoints) }),
      orderAmount: money(locale, line.orderCents),
      commission: money(locale, line.amountCents),
    })),
    totalLabel: t("total"),
    total: money(locale, subject.amountCents),
    note: t("note"),
    footer: t("footer", { appName, reference: run.messageId }),
  };
}

/** `payout-statement-2026-12-01.pdf`: the payout's day in the installation's zone. */
function statementFileName(paidAt: Date): string {
  // en-CA writes a date as YYYY-MM-DD.
  const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: displaySettings().timeZone }).format(paidAt);
  return `payout-statement-${isoDay}.pdf`;
}

/** How often one statement waits for a render slot before the run gives up (503). */
const RENDER_TRIES = 3;

/**
 * Renders one statement in the shared PDF slots. A payout run renders one statement after the
 * other, so it holds one slot at most; when members' contract renders fill the slots and the
 * line, it waits the queue's few seconds and tries again rather than failing a whole run on a
 * moment's burst. Still full after that: 503 with the seconds to wait, and nothing was executed.
 */
async function renderStatement(input: PayoutStatementPdfInput, renders?: RenderObserver): Promise<Buffer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await renderPayoutStatementPdf(input, renders);
    } catch (error) {
      if (!(error instanceof RenderQueueFullError)) throw error;
      if (attempt >= RENDER_TRIES) {
        throw new AppError("SERVICE_UNAVAILABLE", "payoutStatementsBusy", {
          retryAfterSeconds: error.retryAfterSeconds,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, error.retryAfterSeconds * 1000));
    }
  }
}

/**
 * Renders and stores the statement of every transfer, before the run is executed, so a render
 * that fails leaves the run prepared and nothing paid. Each object's key is pushed to `stored`
 * before it is written, so the caller deletes what a failure (here or in its transaction) left.
 * Returns each transfer's attachment by payout item.
 */
export async function storeStatements(
  deps: StatementDeps,
  subjects: StatementSubject[],
  run: { messageId: string },
  paidAt: Date,
  stored: string[],
): Promise<Map<string, MailAttachmentRef>> {
  const filename = statementFileName(paidAt);
  const attachments = new Map<string, MailAttachmentRef>();
  for (const subject of subjects) {
    const pdf = await renderStatement(statementPdfInput(subject, run, paidAt), deps.renders);
    const storageKey = crypto.randomUUID();
    stored.push(storageKey);
    await deps.storage.put(storageKey, pdf, { contentType: "application/pdf" });
    attachments.set(subject.itemId, { filename, contentType: "application/pdf", storageKey });
  }
  return attachments;
}

/** Deletes the statements of a run that was not executed after all (a failed delete is logged). */
export function deleteStoredStatements(deps: StatementDeps, keys: string[], why: string): Promise<void> {
  return deleteStoredObjects(deps, keys, why, "payout statement");
}
