import type { Logger } from "pino";
import type { ConfirmIdentityInput } from "../../../lib/schemas/account";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { AppError } from "../../errors";
import type { ObjectStorage } from "../../infra/storage/types";
import { recordOwnAuditEvent } from "../audit/record-audit-event";
import type { AuthDeps, RequestContext } from "../auth/auth-deps";
import { lockOwnAccount } from "../lock-own-account";
import { confirmIdentity } from "./confirm-identity";
import { deleteErasedFiles, eraseAccount } from "./erase-account";

/**
 * A member deletes their own account with the password (and the second factor when on): the
 * erasure an admin's deletion does too (erase-account.ts), the sessions ended at once. Admins and
 * super admins cannot: an admin account is the operator's, and removing one is another super
 * admin's decision (with its own rules, such as never the last super admin).
 */
export async function deleteOwnAccount(
  deps: Pick<AuthDeps, "db" | "mail" | "config"> & { storage: ObjectStorage; logger: Logger },
  user: UserRow,
  input: ConfirmIdentityInput,
  context: RequestContext,
): Promise<void> {
  if (user.role !== "user") {
    throw new AppError("FORBIDDEN", "adminAccountNotSelfDeletable");
  }
  await confirmIdentity(deps, user, input, context, "delete");
  const erased = await deps.db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    const account = await lockOwnAccount(database, user.id);
    // The role as it is now, under the lock: a promotion since the session began counts.
    if (account.role !== "user" || account.deletedAt) throw new AppError("FORBIDDEN");
    const result = await eraseAccount(database, deps.mail, account, "account_deleted");
    await recordOwnAuditEvent(database, account.id, {
      action: "account.deleted",
      details: { documentsDeleted: result.documentsDeleted },
      ip: context.ip,
    });
    return result;
  });
  deps.mail.wake();
  await deleteErasedFiles(deps, user.id, erased.storageKeys);
}
