import type { z } from "zod";
import type { AdminUser, auditListSchema } from "@/lib/schemas/admin";
import type { AdminFullUser, permissionListResponseSchema } from "@/lib/schemas/admin-user";
import type { AdminMemberContracts } from "@/lib/schemas/contracts";
import type { InviteTree } from "@/lib/schemas/referral-tree";
import type { MediaItem } from "./media-items";

// What the admin user pages derive from the shared answers (lib/schemas/admin-user.ts): the
// user's types and the names for display.

export type DetailUser = AdminUser;
export type FullUser = AdminFullUser;

/**
 * What the server loads for a user's page with its first render; a part that failed (or that
 * the page does not show) is missing, and the page's section then asks the API itself.
 */
export type AdminUserLoad = {
  full?: FullUser;
  media?: MediaItem[];
  invites?: InviteTree;
  contracts?: AdminMemberContracts;
  audit?: z.infer<typeof auditListSchema>;
  permissions?: z.infer<typeof permissionListResponseSchema>;
};

/** The names displayName() and initials() expect, from the snake_case admin user. */
export function namedUser(
  user: Pick<DetailUser, "user_type" | "first_name" | "last_name" | "company_name" | "email">,
) {
  return {
    userType: user.user_type,
    firstName: user.first_name,
    lastName: user.last_name,
    companyName: user.company_name,
    email: user.email,
  };
}
