import { eq } from "drizzle-orm";
import type { NotificationSettings } from "../../../lib/schemas/account-notifications";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { users } from "../../db/schema";
import { recordOwnAuditEvent } from "../audit/record-audit-event";
import { lockOwnAccount } from "../lock-own-account";

type NotificationColumns = Pick<UserRow, "notifyReferralRegistrations" | "notifyReferralApprovals">;

/** The member's choices as the API names them, from their user row. */
export function notificationSettingsOf(user: NotificationColumns): NotificationSettings {
  return {
    referralRegistrations: user.notifyReferralRegistrations,
    referralApprovals: user.notifyReferralApprovals,
  };
}

/**
 * Replaces the member's choices. The row is locked, so two saves at once are audited as the
 * change each really made; a save that changes nothing writes nothing and is not audited.
 */
export async function updateNotificationSettings(
  db: Database,
  userId: string,
  input: NotificationSettings,
  context: { ip: string | null },
): Promise<NotificationSettings> {
  return db.transaction(async (tx) => {
    const before = notificationSettingsOf(await lockOwnAccount(tx, userId));
    const after: NotificationSettings = {
      referralRegistrations: input.referralRegistrations,
      referralApprovals: input.referralApprovals,
    };
    if (
      after.referralRegistrations === before.referralRegistrations &&
      after.referralApprovals === before.referralApprovals
    ) {
      return before;
    }
    await tx
      .update(users)
      .set({
        notifyReferralRegistrations: after.referralRegistrations,
        notifyReferralApprovals: after.referralApprovals,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await recordOwnAuditEvent(tx, userId, {
      action: "account.notifications_changed",
      details: { before, after },
      ip: context.ip,
    });
    return after;
  });
}
