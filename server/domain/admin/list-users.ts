import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db";
import { permissions, users } from "../../db/schema";
import { AppError } from "../../errors";
import { isUuid } from "../ids";
import { toAdminUser } from "./admin-user-view";
import { awaitingVerification } from "./awaiting-verification";

export type ListUsersQuery = {
  search: string;
  user_type?: "personal" | "company";
  status?: "pending" | "active" | "suspended";
  role?: "user" | "admin" | "super_admin";
  page: number;
  pageSize: number;
  /** Keyset paging: the `nextCursor` of the previous page; `page` then only echoes back. */
  cursor?: string;
};

/**
 * Matches are counted exactly up to this many; beyond it the total is the planner's estimate
 * (`totalIsEstimate`). Counting every one of a broad term's matches among a million users
 * costs a scan of the table on each keystroke.
 */
export const COUNT_CAP = 1000;

/** LIKE wildcards in the search text match themselves (backslash is LIKE's default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * Case-insensitive substring search on email, first_name, last_name or company_name (spec §5).
 * A term with "@" in it is (part of) an address: an email holds one "@", so a match's local
 * part ends with the term's part before the "@". That suffix is a prefix of the reversed local
 * part, which a B-tree answers directly (migration 0009); the trigram index would have to
 * intersect the trigrams every address shares ("com", the domain), which at a million users
 * costs 100 ms and more. The full pattern is still checked on the rows found.
 */
function searchCondition(search: string): SQL | undefined {
  const pattern = `%${escapeLike(search)}%`;
  const local = search.slice(0, Math.max(0, search.indexOf("@")));
  const email = PRINTABLE_ASCII.test(local)
    ? and(
        sql`reverse(lower(split_part(${users.email}, '@', 1))) like ${`${escapeLike([...local.toLowerCase()].reverse().join(""))}%`}`,
        // lower() … like: the same test as ILIKE for these ASCII terms, without the trigram index.
        sql`lower(${users.email}) like lower(${pattern})`,
      )
    : ilike(users.email, pattern);
  return or(
    email,
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(users.companyName, pattern),
  );
}

type Cursor = { at: string; id: string };

const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");

function decodeCursor(text: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (typeof at === "string" && !Number.isNaN(Date.parse(at)) && typeof id === "string" && isUuid(id)) {
      return { at, id };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new AppError("BAD_REQUEST", "The cursor is not valid.");
}

/**
 * Spec §5 list: search, exact filters, newest first, one page. The page comes from the
 * created_at index (newest first, stopping after the page) or, for a selective search, from the
 * search indexes and a small sort: PostgreSQL picks by its estimates. The total is exact up to
 * COUNT_CAP matches, the planner's estimate beyond (`totalIsEstimate`). `cursor` pages by keyset
 * (rows older than the previous page's last one), which stays fast however deep it goes;
 * `page` pages by offset.
 */
export async function listUsers(db: Database, query: ListUsersQuery) {
  const conditions: SQL[] = [];
  if (query.search) {
    const matches = searchCondition(query.search);
    if (matches) conditions.push(matches);
  }
  if (query.user_type) conditions.push(eq(users.userType, query.user_type));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.role) conditions.push(eq(users.role, query.role));
  const filter = conditions.length ? and(...conditions) : undefined;

  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const offset = cursor ? 0 : (query.page - 1) * query.pageSize;
  const pageWhere = cursor
    ? and(filter, sql`(${users.createdAt}, ${users.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`)
    : filter;
  const found = await db
    .select({ user: users, at: sql<string>`${users.createdAt}::text` })
    .from(users)
    .where(pageWhere)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.pageSize)
    .offset(offset);
  const rows = found.map((row) => row.user);
  const last = found.at(-1);
  const nextCursor =
    last && found.length === query.pageSize ? encodeCursor({ at: last.at, id: last.user.id }) : null;

  const { total, totalIsEstimate } =
    // A short page by offset ends the list: the total is known without counting.
    !cursor && found.length > 0 && found.length < query.pageSize
      ? { total: offset + found.length, totalIsEstimate: false }
      : await countMatches(db, filter, cursor ? 0 : offset + found.length);
  return {
    users: rows.map(toAdminUser),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(total / query.pageSize),
    totalIsEstimate,
    nextCursor,
  };
}

/** Exact up to COUNT_CAP, else the planner's row estimate (never below what is known to exist). */
async function countMatches(db: Database, filter: SQL | undefined, atLeast: number) {
  const matches = db.select({ one: sql`1` }).from(users).where(filter);
  const [capped] = await db.select({ total: count() }).from(matches.limit(COUNT_CAP + 1).as("matches"));
  const exact = capped?.total ?? 0;
  if (exact <= COUNT_CAP) return { total: exact, totalIsEstimate: false };
  const plan = (await db.execute(
    sql`explain (format json) select 1 from ${users} where ${filter ?? sql`true`}`,
  )) as unknown as {
    rows: Array<{ "QUERY PLAN": unknown }>;
  };
  const estimate = planRows(plan.rows[0]?.["QUERY PLAN"]);
  return { total: Math.max(Math.round(estimate), COUNT_CAP + 1, atLeast), totalIsEstimate: true };
}

/** The top node's row estimate of an `explain (format json)` answer (a JSON string on some drivers). */
function planRows(plan: unknown): number {
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as Array<{
    Plan?: { "Plan Rows"?: number };
  }>;
  return parsed[0]?.Plan?.["Plan Rows"] ?? 0;
}

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Spec §3 admin user stats, in one pass over users plus the permission count. */
export async function userStats(db: Database) {
  const [row] = await db
    .select({
      totalUsers: count(),
      adminUsers: countWhere(inArray(users.role, ["admin", "super_admin"])),
      activeUsers: countWhere(eq(users.status, "active")),
      personalUsers: countWhere(eq(users.userType, "personal")),
      companyUsers: countWhere(eq(users.userType, "company")),
      // The verify queue's rule: an unapproved member with all four onboarding steps done.
      verificationPending: countWhere(awaitingVerification()),
    })
    .from(users);
  const [permissionRow] = await db.select({ total: count() }).from(permissions);
  return {
    totalUsers: row?.totalUsers ?? 0,
    adminUsers: row?.adminUsers ?? 0,
    activeUsers: row?.activeUsers ?? 0,
    personalUsers: row?.personalUsers ?? 0,
    companyUsers: row?.companyUsers ?? 0,
    verificationPending: row?.verificationPending ?? 0,
    permissions: permissionRow?.total ?? 0,
  };
}
