import { z } from "zod";
import { ACCOUNT_TYPES } from "@/lib/vocabulary";

// What admins see of referrals: who invited a member and whom they invited (two levels), and the
// members whose links brought the most people.

const referralPersonSchema = z.object({
  id: z.string(),
  /** The display name; null when the member has none (the email stands in). */
  name: z.string().nullable(),
  email: z.string(),
  userType: z.enum(ACCOUNT_TYPES),
});

const inviteeSchema = referralPersonSchema.extend({
  approved: z.boolean(),
  /** When they registered through the link (ISO). */
  joined: z.string(),
});

export const inviteTreeSchema = z.object({
  /** Null for a member who did not join through a link (the first admin, admins made by the CLI). */
  invitedBy: z
    .object({
      /** Null when the inviting member has been deleted since. */
      member: referralPersonSchema.nullable(),
      linkLabel: z.string().nullable(),
      joined: z.string(),
    })
    .nullable(),
  invited: z.object({
    /** All invitees; `members` lists the first ones (by the time they joined). */
    total: z.number().int(),
    members: z.array(
      inviteeSchema.extend({
        invited: z.object({ total: z.number().int(), members: z.array(inviteeSchema) }),
      }),
    ),
  }),
});
export type InviteTree = z.infer<typeof inviteTreeSchema>;

const topReferrerSchema = referralPersonSchema.extend({
  /** Registrations through their links (members that still exist). */
  registered: z.number().int(),
  approved: z.number().int(),
});
export type TopReferrer = z.infer<typeof topReferrerSchema>;

export const topReferrersSchema = z.object({ referrers: z.array(topReferrerSchema) });
