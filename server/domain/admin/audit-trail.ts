import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db";
import { auditLog, users } from "../../db/schema";
import { AppError } from "../../errors";
import { escapeLike } from "./list-users";

const actor = alias(users, "audit_actor");
const subject = alias(users, "audit_subject");

/** Entries where the user acted or was acted upon. */
const about = (userId: string): SQL =>
  or(eq(auditLog.subjectUserId, userId), eq(auditLog.actorUserId, userId)) as SQL;

/** Entries where a user whose address contains `text` acted or was acted upon. */
function aboutEmail(text: string): SQL {
  const matching = sql`(select ${users.id} from ${users} where ${ilike(users.email, `%${escapeLike(text)}%`)})`;
  return sql`(${auditLog.subjectUserId} in ${matching} or ${auditLog.actorUserId} in ${matching})`;
}

export type AuditQuery = {
  userId?: string;
  /** Exactly this action (`admin.user_suspended`). */
  action?: string;
  /** Part of the acting or affected user's email, any case. */
  email?: string;
  page: number;
  pageSize: number;
  /** Keyset paging: the previous answer's `nextCursor`, entries older than its last one. */
  cursor?: string;
};

const encodeCursor = (at: string, id: number) => Buffer.from(JSON.stringify([at, id])).toString("base64url");

function decodeCursor(text: string): { at: string; id: number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (typeof at === "string" && !Number.isNaN(Date.parse(at)) && Number.isSafeInteger(id)) {
      return { at, id: id as number };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new AppError("BAD_REQUEST", "cursorInvalid");
}

/**
 * The audit log, newest first, overall or about one user, filtered by action and by a user's
 * email (details hold no secrets). `cursor` pages by keyset (older than the
 * previous page's last entry), which stays fast however long the log grows; `page` by offset.
 */
export async function listAuditEntries(db: Database, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.userId) conditions.push(about(query.userId));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.email) conditions.push(aboutEmail(query.email));
  const where = conditions.length ? and(...conditions) : undefined;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const pageWhere = after
    ? and(where, sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::bigint)`)
    : where;
  const [totalRow] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      atText: sql<string>`${auditLog.at}::text`,
      action: auditLog.action,
      details: auditLog.details,
      actorId: auditLog.actorUserId,
      actorEmail: actor.email,
      subjectId: auditLog.subjectUserId,
      subjectEmail: subject.email,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .leftJoin(subject, eq(subject.id, auditLog.subjectUserId))
    .where(pageWhere)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize)
    .offset(after ? 0 : (query.page - 1) * query.pageSize);
  const last = rows.at(-1);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      actor: { id: row.actorId, email: row.actorEmail },
      subject: { id: row.subjectId, email: row.subjectEmail },
      details: (row.details ?? {}) as Record<string, unknown>,
    })),
    total: totalRow?.total ?? 0,
    nextCursor: last && rows.length === query.pageSize ? encodeCursor(last.atText, last.id) : null,
  };
}

/**
 * The actions that occur in the log, for the page's filter. A loose index scan on
 * audit_log_action_idx: one index probe per distinct action instead of reading every entry.
 */
export async function listAuditActions(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive found(action) as (
      (select ${auditLog.action} from ${auditLog} order by ${auditLog.action} limit 1)
      union all
      select (select a.action from ${auditLog} a where a.action > found.action order by a.action limit 1)
      from found where found.action is not null
    )
    select action from found where action is not null`)) as unknown as { rows: { action: string }[] };
  return result.rows.map((row) => row.action);
}
