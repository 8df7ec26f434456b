import crypto from "node:crypto";
import { count, sql } from "drizzle-orm";
import type { Database } from "../../db";
import { findUserByEmail, type UserRow } from "../../db/queries/users";
import { users } from "../../db/schema";
import { hashPassword } from "./passwords";

/** A random password that meets the spec's policy (lower, upper, digit, special, 8+). */
export function generatePassword(): string {
  const core = crypto.randomBytes(18).toString("base64url");
  return `${core}aZ7!`;
}

export async function createAdmin(
  db: Database,
  input: { email: string; password: string; role: "admin" | "super_admin" },
): Promise<UserRow> {
  if (await findUserByEmail(db, input.email)) {
    throw new Error(`A user with the email ${input.email} already exists.`);
  }
  const [row] = await db
    .insert(users)
    .values({
      email: input.email.trim(),
      passwordHash: await hashPassword(input.password),
      role: input.role,
      status: "active",
      userType: "personal",
      firstName: "Admin",
    })
    .returning();
  if (!row) throw new Error("admin insert returned nothing");
  return row;
}

// Any constant will do, as long as every instance uses the same one (and no other lock does).
const FIRST_ADMIN_LOCK_KEY = 7_340_213;

/**
 * On an empty database, the first super admin: from ADMIN_EMAIL/ADMIN_PASSWORD, or with a
 * generated password that the caller prints once (never logged: logs are kept). Instances
 * starting together on one empty database take turns under an advisory lock: the first creates
 * the admin, the others find a user and return undefined instead of failing on the same email.
 */
export async function bootstrapSuperAdmin(
  db: Database,
  options: { email?: string; password?: string },
): Promise<{ email: string; user: UserRow; generatedPassword?: string } | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
    const [row] = await tx.select({ total: count() }).from(users);
    if ((row?.total ?? 0) > 0) return undefined;
    const email = options.email ?? "admin@example.com";
    const generatedPassword = options.password ? undefined : generatePassword();
    const user = await createAdmin(tx, {
      email,
      password: options.password ?? (generatedPassword as string),
      role: "super_admin",
    });
    return { email, user, generatedPassword };
  });
}
