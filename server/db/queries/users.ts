import { and, asc, eq, sql } from "drizzle-orm";
import type { SessionUser } from "../../../lib/schemas/auth";
import type { Database } from "..";
import { permissions, userPermissions, users } from "../schema";

export type UserRow = typeof users.$inferSelect;

export const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email.trim()})`;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Names of the user's permissions that are active (`permissions`). */
export async function listUserPermissionNames(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: permissions.name })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(and(eq(userPermissions.userId, userId), eq(permissions.isActive, true)))
    .orderBy(asc(permissions.name));
  return rows.map((row) => row.name);
}

/** Permission names a query returned as a JSON array (drivers hand json over parsed or as text). */
export function permissionNamesFrom(value: unknown): string[] {
  const names = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(names) ? names.map(String) : [];
}

function joinName(first: string | null, last: string | null): string | null {
  const full = [first, last].filter((part) => part?.trim()).join(" ");
  return full || null;
}

export function toSessionUser(row: UserRow, permissionNames: string[]): SessionUser {
  const fullName = joinName(row.firstName, row.lastName);
  return {
    id: row.id,
    email: row.email,
    userType: row.userType,
    role: row.role,
    status: row.status,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName,
    name: row.userType === "company" ? (row.companyName ?? fullName) : fullName,
    companyName: row.companyName,
    language: row.language,
    permissions: permissionNames,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
  };
}
