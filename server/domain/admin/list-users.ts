import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db";
import { permissions, users } from "../../db/schema";
import { toAdminUser } from "./admin-user-view";

export type ListUsersQuery = {
  search: string;
  user_type?: "personal" | "company";
  status?: "pending" | "active" | "suspended";
  role?: "user" | "admin" | "super_admin";
  page: number;
  pageSize: number;
};

/** LIKE wildcards in the search text match themselves (backslash is LIKE's default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * Spec §5 list: case-insensitive search on email, first_name, last_name or company_name; exact
 * filters; newest first; one page. Filtering, counting and paging all happen in SQL.
 */
export async function listUsers(db: Database, query: ListUsersQuery) {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const matches = or(
      ilike(users.email, pattern),
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(users.companyName, pattern),
    );
    if (matches) conditions.push(matches);
  }
  if (query.user_type) conditions.push(eq(users.userType, query.user_type));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.role) conditions.push(eq(users.role, query.role));
  const where = conditions.length ? and(...conditions) : undefined;

  // One query: the matches are found once (by the trigram indexes when the search is selective),
  // counted with a window function, and only the requested page is sorted out of them. Two
  // queries (count, then page) let the planner walk the created_at index and test every row.
  const found = await db
    .select({ user: users, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const rows = found.map((row) => row.user);
  // Past the last page there is no row to carry the total: count separately then.
  const total =
    found[0]?.total ??
    (query.page > 1 ? ((await db.select({ total: count() }).from(users).where(where))[0]?.total ?? 0) : 0);
  return {
    users: rows.map(toAdminUser),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(total / query.pageSize),
  };
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
      // Waiting for the admin: a member with all four onboarding steps done, not yet approved.
      verificationPending: countWhere(
        and(
          eq(users.role, "user"),
          eq(users.status, "pending"),
          isNotNull(users.emailVerifiedAt),
          isNotNull(users.documentsUploadedAt),
          isNotNull(users.profileCompletedAt),
          isNotNull(users.contractSignedAt),
          isNull(users.adminVerifiedAt),
        ) as SQL,
      ),
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
