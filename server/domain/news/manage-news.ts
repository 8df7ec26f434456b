import { eq } from "drizzle-orm";
import type { NewsInput } from "../../../lib/schemas/news";
import type { Database } from "../../db";
import { news } from "../../db/schema";
import { AppError } from "../../errors";
import type { Actor } from "../actor";
import { recordAuditEvent } from "../audit/record-audit-event";
import { lockRow } from "../lock-row";
import { type NewsRow, newsDay } from "./list-news";

const NEWS_AUDIT_ACTIONS = {
  created: "admin.news_created",
  updated: "admin.news_updated",
  published: "admin.news_published",
  unpublished: "admin.news_unpublished",
  deleted: "admin.news_deleted",
} as const;

const notFound = () => new AppError("NOT_FOUND", "newsItemNotFound");

/** The chosen day at midnight UTC, so every viewer sees the day the admin picked. */
const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`);

function columns(input: NewsInput) {
  return {
    language: input.language,
    title: input.title,
    body: input.body,
    publishedAt: dayStart(input.date),
    link: input.link === "" ? null : input.link,
    published: input.published,
  };
}

const audit = (db: Database, action: string, actor: Actor, row: NewsRow) =>
  recordAuditEvent(db, {
    action,
    actorUserId: actor.actorId,
    details: { newsId: row.id, language: row.language, title: row.title },
    ip: actor.ip,
  });

export async function createNews(db: Database, input: NewsInput, actor: Actor): Promise<NewsRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(news).values(columns(input)).returning();
    if (!row) throw new Error("news insert returned nothing");
    await audit(tx, NEWS_AUDIT_ACTIONS.created, actor, row);
    if (row.published) await audit(tx, NEWS_AUDIT_ACTIONS.published, actor, row);
    return row;
  });
}

function contentChanged(before: NewsRow, after: ReturnType<typeof columns>): boolean {
  return (
    before.language !== after.language ||
    before.title !== after.title ||
    before.body !== after.body ||
    newsDay(before.publishedAt) !== newsDay(after.publishedAt) ||
    before.link !== after.link
  );
}

/**
 * Replaces an item. Saving a sample makes it the admin's own (no longer a sample), so what they
 * publish is shown to members. The audit says what happened: an edit, a publish, an unpublish.
 */
export async function updateNews(db: Database, id: string, input: NewsInput, actor: Actor): Promise<NewsRow> {
  return db.transaction(async (tx) => {
    const before = await lockRow(tx, news, id, "newsItemNotFound");
    const next = columns(input);
    const [row] = await tx
      .update(news)
      .set({ ...next, sample: false, updatedAt: new Date() })
      .where(eq(news.id, id))
      .returning();
    if (!row) throw notFound();
    if (contentChanged(before, next) || before.sample)
      await audit(tx, NEWS_AUDIT_ACTIONS.updated, actor, row);
    if (before.published !== row.published) {
      const action = row.published ? NEWS_AUDIT_ACTIONS.published : NEWS_AUDIT_ACTIONS.unpublished;
      await audit(tx, action, actor, row);
    }
    return row;
  });
}

export async function deleteNews(db: Database, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(news).where(eq(news.id, id)).returning();
    if (!row) throw notFound();
    await audit(tx, NEWS_AUDIT_ACTIONS.deleted, actor, row);
  });
}
