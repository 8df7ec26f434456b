import { asc, eq, inArray, or } from "drizzle-orm";
import type { Database } from "../../db";
import { users } from "../../db/schema";
import { AppError, type ErrorReason } from "../../errors";

export type Role = "user" | "admin" | "super_admin";
export type ManageAction = "delete" | "suspend" | "reactivate" | "role";

export type Party = { id: string; role: Role; status: "pending" | "active" | "suspended" };

const isAdminRole = (role: Role) => role === "admin" || role === "super_admin";

// One refusal per action rather than a verb filled into one sentence: a translation words each
// whole sentence.
const lastSuperAdminRefusals = {
  delete: "lastSuperAdminNotDeletable",
  suspend: "lastSuperAdminNotSuspendable",
  role: "lastSuperAdminNotDemotable",
} as const satisfies Record<Exclude<ManageAction, "reactivate">, ErrorReason>;

const ownAccountRefusals = {
  delete: "ownAccountNotDeletable",
  suspend: "ownAccountNotSuspendable",
  reactivate: "ownAccountNotReactivatable",
  role: "ownRoleNotChangeable",
} as const satisfies Record<ManageAction, ErrorReason>;

const adminTargetRefusals = {
  delete: "adminDeleteSuperAdminOnly",
  suspend: "adminSuspendSuperAdminOnly",
  reactivate: "adminReactivateSuperAdminOnly",
  // Unreached: a role change by an admin is refused before the target is looked at.
  role: "roleChangeSuperAdminOnly",
} as const satisfies Record<ManageAction, ErrorReason>;

const forbidden = (reason: ErrorReason) => new AppError("FORBIDDEN", reason);

/**
 * Locks the actor's, the target's and every super admin's row (one statement, in id order, so
 * two admin actions at once cannot deadlock or both pass the last-super-admin check), and
 * returns them as they are now. Call inside a transaction. The target is undefined when unknown.
 */
export async function lockParties(tx: Database, actorId: string, targetId: string) {
  const rows = await tx
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users)
    .where(or(inArray(users.id, [actorId, targetId]), eq(users.role, "super_admin")))
    .orderBy(asc(users.id))
    .for("update");
  return {
    actor: rows.find((row) => row.id === actorId),
    target: rows.find((row) => row.id === targetId),
    otherActiveSuperAdmins: rows.filter(
      (row) => row.role === "super_admin" && row.status !== "suspended" && row.id !== targetId,
    ).length,
  };
}

/**
 * The rules for changing another account, checked on the rows as locked now:
 * - the actor must (still) be an admin or super admin;
 * - only a super admin changes roles, and only a super admin acts on an admin's account;
 * - the last active super admin can be neither deleted, suspended nor demoted;
 * - nobody deletes, suspends or re-roles themselves.
 */
export function assertMayManage(
  action: ManageAction,
  actor: Party | undefined,
  target: Party,
  otherActiveSuperAdmins: number,
  newRole?: Role,
): void {
  if (!actor || !isAdminRole(actor.role) || actor.status === "suspended") {
    throw forbidden("adminAreaDenied");
  }
  if (action === "role" && actor.role !== "super_admin") {
    throw forbidden("roleChangeSuperAdminOnly");
  }
  const removesSuperAdmin =
    target.role === "super_admin" &&
    (action === "delete" || action === "suspend" || (action === "role" && newRole !== "super_admin"));
  if (removesSuperAdmin && otherActiveSuperAdmins === 0) {
    throw forbidden(lastSuperAdminRefusals[action]);
  }
  if (actor.id === target.id) throw forbidden(ownAccountRefusals[action]);
  if (isAdminRole(target.role) && actor.role !== "super_admin") {
    throw forbidden(adminTargetRefusals[action]);
  }
}
