import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Permission } from "../../../lib/schemas/admin";
import type { Database } from "../../db";
import { listUserPermissionNames, type UserRow } from "../../db/queries/users";
import { permissions, userPermissions, users } from "../../db/schema";
import { AppError } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { RequestContext } from "../auth/auth-deps";
import { isUuid } from "../ids";
import { lockRow } from "../lock-row";

type PermissionRow = typeof permissions.$inferSelect;

function toPermission(row: PermissionRow): Permission {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_active: row.isActive,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listPermissions(db: Database): Promise<Permission[]> {
  const rows = await db.select().from(permissions).orderBy(asc(permissions.name));
  return rows.map(toPermission);
}

/**
 * Name already trimmed and checked by createPermissionSchema. The unique index
 * decides duplicates (ON CONFLICT DO NOTHING), so two parallel creations give one 201 and one 409.
 * `created_by` is always the caller, whatever the body says.
 */
export async function createPermission(
  db: Database,
  actor: Pick<UserRow, "id">,
  input: { name: string; description: string; is_active: boolean },
  context: RequestContext,
): Promise<Permission> {
  const [row] = await db
    .insert(permissions)
    .values({
      name: input.name,
      description: input.description,
      isActive: input.is_active,
      createdBy: actor.id,
    })
    .onConflictDoNothing({ target: permissions.name })
    .returning();
  if (!row) throw new AppError("CONFLICT", "duplicatePermission");
  await recordAuditEvent(db, {
    action: "admin.permission_created",
    actorUserId: actor.id,
    details: { permission: row.name, isActive: row.isActive },
    ip: context.ip,
  });
  return toPermission(row);
}

/** Active permission names of a user (User.permissions); 404 for an unknown user. */
export async function getUserPermissionNames(db: Database, userId: string): Promise<string[]> {
  if (!isUuid(userId)) throw new AppError("NOT_FOUND", "targetUserNotFound");
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", "targetUserNotFound");
  return listUserPermissionNames(db, userId);
}

/**
 * Makes `names` the user's whole permission set, inside the caller's transaction. Unknown names
 * refuse the whole change (422 listing them); inactive permissions may be assigned (they take
 * effect when activated). Returns the assigned names, sorted, and the set before.
 */
export async function replaceUserPermissions(
  tx: Database,
  userId: string,
  names: readonly string[],
): Promise<{ before: string[]; after: string[] }> {
  const wanted = [...new Set(names.map((name) => name.trim()))].sort();
  const found =
    wanted.length === 0
      ? []
      : await tx
          .select({ id: permissions.id, name: permissions.name })
          .from(permissions)
          .where(inArray(permissions.name, wanted));
  const known = new Set(found.map((row) => row.name));
  const unknown = wanted.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    // The field's issue names the same reason, for the form to translate like its own messages.
    throw new AppError("VALIDATION_FAILED", "unknownPermissions", {
      issues: [{ path: "permissions", message: "unknownPermissions" }],
      unknown,
    });
  }
  const beforeRows = await tx
    .select({ name: permissions.name })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(eq(userPermissions.userId, userId))
    .orderBy(asc(permissions.name));
  const keep = found.map((row) => row.id);
  await tx.delete(userPermissions).where(
    keep.length === 0
      ? eq(userPermissions.userId, userId)
      : and(
          eq(userPermissions.userId, userId),
          // Rows that stay keep their granted_at.
          notInArray(userPermissions.permissionId, keep),
        ),
  );
  if (keep.length > 0) {
    await tx
      .insert(userPermissions)
      .values(keep.map((permissionId) => ({ userId, permissionId })))
      .onConflictDoNothing();
  }
  return { before: beforeRows.map((row) => row.name), after: wanted };
}

/**
 * PUT /api/admin/users/{id}/permissions. Admins and super admins may change a member's set;
 * only a super admin may change an admin's or super admin's (their own included).
 */
export async function setUserPermissions(
  db: Database,
  actor: Pick<UserRow, "id" | "role">,
  userId: string,
  names: readonly string[],
  context: RequestContext,
): Promise<string[]> {
  if (!isUuid(userId)) throw new AppError("NOT_FOUND", "targetUserNotFound");
  return db.transaction(async (tx) => {
    // The row lock serialises parallel changes of one user's set.
    const target = await lockRow(tx, users, userId, "targetUserNotFound");
    if (target.role !== "user" && actor.role !== "super_admin") {
      throw new AppError("FORBIDDEN", "adminPermissionsSuperAdminOnly");
    }
    const change = await replaceUserPermissions(tx, userId, names);
    await recordAuditEvent(tx, {
      action: "admin.user_permissions_changed",
      actorUserId: actor.id,
      subjectUserId: userId,
      details: { before: change.before, after: change.after },
      ip: context.ip,
    });
    return change.after;
  });
}
