import type { AdminUser } from "@/lib/schemas/admin";
import type { AdminFullUser } from "@/lib/schemas/admin-user";

// What the admin user pages derive from the shared answers (lib/schemas/admin-user.ts): the
// user's types and the names for display.

export type DetailUser = AdminUser;
export type FullUser = AdminFullUser;

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
