import { and, count, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { UserListSort } from "../../../lib/schemas/admin";
import { ACCOUNT_STATUSES, ACCOUNT_TYPES } from "../../../lib/vocabulary";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { permissions, userSortName, users } from "../../db/schema";
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
  sort?: UserListSort;
  dir?: "asc" | "desc";
};

/**
 * Matches are counted exactly up to this many; beyond it the total is the planner's estimate
 * (`totalIsEstimate`). Counting every one of a broad term's matches among a million users
 * costs a scan of the table on each keystroke.
 */
const COUNT_CAP = 1000;

/** LIKE wildcards in the search text match themselves (backslash is LIKE's default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * Case-insensitive substring search on email, first_name, last_name or company_name.
 * A term without "@" (or a line break) is matched with LIKE against users.search_text, the four
 * lowercased as ILIKE lowercases them, one per line: the same matches as four ILIKEs, but one
 * comparison on a stored value per row, which the list's count reads from an index alone
 * (migration 0026). `storedText: false` leaves search_text out: the four ILIKEs, whose
 * estimate the planner draws from each column's statistics (see countMatches).
 * A term with "@" in it is (part of) an address: an email holds one "@", so a match's local
 * part ends with the term's part before the "@". That suffix is a prefix of the reversed local
 * part, which a B-tree answers directly (migration 0009); the trigram index would have to
 * intersect the trigrams every address shares ("com", the domain), which at a million users
 * costs 100 ms and more. The full pattern is still checked on the rows found.
 */
function searchCondition(search: string, storedText: boolean): SQL | undefined {
  const pattern = `%${escapeLike(search)}%`;
  // A line break in the term could match across two of the fields in search_text.
  if (storedText && !search.includes("@") && !search.includes("\n")) {
    return sql`${users.searchText} like lower(${pattern})`;
  }
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

/**
 * The order of each sortable column, as the expressions PostgreSQL compares (all in one
 * direction, so a keyset condition is a single row comparison) and the casts that read a
 * cursor's text back. Each has a B-tree index that returns rows in this order (migrations 0000
 * and 0010), so a page stops after its rows instead of sorting every match: created_at (ties by
 * id are rare and sorted in memory), lower(email) (unique, needs no tie-breaker), and
 * (name, created_at, id), (status, created_at, id), (user_type, created_at, id). Status and type
 * sort in the order of their enum declarations (pending, active, suspended; personal, company).
 */
const SORT_KEYS: Record<UserListSort, { expression: SQL; cast: string }[]> = {
  created: [
    { expression: sql`${users.createdAt}`, cast: "timestamptz" },
    { expression: sql`${users.id}`, cast: "uuid" },
  ],
  email: [{ expression: sql`lower(${users.email})`, cast: "text" }],
  name: [
    { expression: userSortName, cast: "text" },
    { expression: sql`${users.createdAt}`, cast: "timestamptz" },
    { expression: sql`${users.id}`, cast: "uuid" },
  ],
  status: [
    { expression: sql`${users.status}`, cast: "user_status" },
    { expression: sql`${users.createdAt}`, cast: "timestamptz" },
    { expression: sql`${users.id}`, cast: "uuid" },
  ],
  type: [
    { expression: sql`${users.userType}`, cast: "user_type" },
    { expression: sql`${users.createdAt}`, cast: "timestamptz" },
    { expression: sql`${users.id}`, cast: "uuid" },
  ],
};

export type UserOrder = { sort: UserListSort; dir: "asc" | "desc" };

/** The cursor names its order, so a cursor of another order is refused rather than misread. */
const encodeCursor = (order: UserOrder, values: string[]) =>
  Buffer.from(JSON.stringify([order.sort, order.dir, ...values])).toString("base64url");

function decodeCursor(text: string, order: UserOrder): string[] {
  try {
    const [sort, dir, ...values] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    const keys = SORT_KEYS[order.sort];
    if (
      sort === order.sort &&
      dir === order.dir &&
      values.length === keys.length &&
      values.every((value): value is string => typeof value === "string") &&
      values.every((value, index) => validCursorValue(keys[index]?.cast, value))
    ) {
      return values;
    }
  } catch {
    // Falls through to the error below.
  }
  throw new AppError("BAD_REQUEST", "cursorInvalid");
}

function validCursorValue(cast: string | undefined, value: string): boolean {
  if (cast === "timestamptz") return !Number.isNaN(Date.parse(value));
  if (cast === "uuid") return isUuid(value);
  if (cast === "user_status") return (ACCOUNT_STATUSES as readonly string[]).includes(value);
  if (cast === "user_type") return (ACCOUNT_TYPES as readonly string[]).includes(value);
  return value.length <= 1000;
}

/** A page of an admin user list as the API answers it: the users and where the page stands. */
export function userPage(rows: UserRow[], total: number, query: { page: number; pageSize: number }) {
  return {
    users: rows.map(toAdminUser),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(total / query.pageSize),
  };
}

/**
 * The WHERE of the list's filters and search (undefined: every user). `storedText: false` gives
 * the same matches through the per-column search (searchCondition).
 */
export function userFilter(
  query: Pick<ListUsersQuery, "search" | "user_type" | "status" | "role">,
  { storedText = true }: { storedText?: boolean } = {},
) {
  // Erased accounts (placeholders kept for their contract evidence) are no members to manage.
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (query.search) {
    const matches = searchCondition(query.search, storedText);
    if (matches) conditions.push(matches);
  }
  if (query.user_type) conditions.push(eq(users.userType, query.user_type));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.role) conditions.push(eq(users.role, query.role));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * One page of users in `order`: after the row the cursor names (keyset), or `offset` rows in.
 * Returns the rows and the cursor that continues after the last one (null after a short page).
 */
export async function pageOfUsers(
  db: Database,
  filter: SQL | undefined,
  order: UserOrder,
  { cursor, offset = 0, limit }: { cursor?: string; offset?: number; limit: number },
) {
  const keys = SORT_KEYS[order.sort];
  const after = cursor ? decodeCursor(cursor, order) : undefined;
  const row = (parts: SQL[]) => sql`(${sql.join(parts, sql`, `)})`;
  const keyset = after
    ? sql`${row(keys.map((key) => key.expression))} ${order.dir === "asc" ? sql`>` : sql`<`} ${row(
        keys.map((key, index) => sql`${after[index]}::${sql.raw(key.cast)}`),
      )}`
    : undefined;
  const found = await db
    .select({
      user: users,
      keys: sql<string[]>`array[${sql.join(
        keys.map((key) => sql`(${key.expression})::text`),
        sql`, `,
      )}]`,
    })
    .from(users)
    .where(keyset ? and(filter, keyset) : filter)
    .orderBy(
      ...keys.map((key) => (order.dir === "asc" ? sql`${key.expression} asc` : sql`${key.expression} desc`)),
    )
    .limit(limit)
    .offset(after ? 0 : offset);
  const last = found.at(-1);
  return {
    rows: found.map((item) => item.user),
    nextCursor: last && found.length === limit ? encodeCursor(order, last.keys) : null,
  };
}

/**
 * List: search, exact filters, one page in the chosen order (newest first unless told).
 * The page comes from the order's index (stopping after the page) or, for a selective search,
 * from the search indexes and a small sort: PostgreSQL picks by its estimates. The total is
 * exact up to COUNT_CAP matches, the planner's estimate beyond (`totalIsEstimate`). `cursor`
 * pages by keyset (rows after the previous page's last one), which stays fast however deep it
 * goes; `page` pages by offset.
 */
export async function listUsers(db: Database, query: ListUsersQuery) {
  const filter = userFilter(query);
  const order: UserOrder = { sort: query.sort ?? "created", dir: query.dir ?? "desc" };
  const offset = query.cursor ? 0 : (query.page - 1) * query.pageSize;
  const { rows, nextCursor } = await pageOfUsers(db, filter, order, {
    cursor: query.cursor,
    offset,
    limit: query.pageSize,
  });

  const { total, totalIsEstimate } =
    // A short page by offset ends the list: the total is known without counting.
    !query.cursor && rows.length > 0 && rows.length < query.pageSize
      ? { total: offset + rows.length, totalIsEstimate: false }
      : await countMatches(
          db,
          filter,
          () => userFilter(query, { storedText: false }),
          query.cursor ? 0 : offset + rows.length,
        );
  return { ...userPage(rows, total, query), totalIsEstimate, nextCursor };
}

/**
 * Exact up to COUNT_CAP, else the planner's row estimate (never below what is known to exist).
 * The estimate is asked for the per-column search (`estimateFilter`), the same matches, as
 * before search_text: the columns' statistics keep frequent names, while search_text is unique
 * per row and its estimate moves with each ANALYZE's sample (for "ann" on a million users,
 * 83 333 matches: 66 000 to 93 000 over three ANALYZEs, the columns' 73 800 to 75 400).
 */
async function countMatches(
  db: Database,
  filter: SQL | undefined,
  estimateFilter: () => SQL | undefined,
  atLeast: number,
) {
  const matches = db.select({ one: sql`1` }).from(users).where(filter);
  const [capped] = await db.select({ total: count() }).from(matches.limit(COUNT_CAP + 1).as("matches"));
  const exact = capped?.total ?? 0;
  if (exact <= COUNT_CAP) return { total: exact, totalIsEstimate: false };
  const plan = (await db.execute(
    sql`explain (format json) select 1 from ${users} where ${estimateFilter() ?? sql`true`}`,
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

/** Admin user stats, in one pass over users plus the permission count. */
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
    .from(users)
    .where(isNull(users.deletedAt));
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
