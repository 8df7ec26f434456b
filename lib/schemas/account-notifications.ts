import { z } from "zod";

// The member's choice of non-security mails (GET and PUT /api/account/notifications, and the
// form in My account). Security notices and ID-expiry notices are not among them: they always go.

export const notificationSettingsSchema = z.object({
  /** Mail me when someone registers through one of my referral links. */
  referralRegistrations: z.boolean(),
  /** Mail me when an admin approves someone I invited. */
  referralApprovals: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsResponseSchema = z.object({ notifications: notificationSettingsSchema });
