import { eq } from "drizzle-orm";
import type { Database } from "../db";
import type { UserRow } from "../db/queries/users";
import { users } from "../db/schema";
import { AppError } from "../errors";

/**
 * The caller's own user row, locked for the rest of the transaction, so that parallel requests
 * of one member that change the account queue. 401 when the account is gone.
 */
export async function lockOwnAccount(tx: Database, userId: string): Promise<UserRow> {
  const [account] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!account) throw new AppError("UNAUTHORIZED");
  return account;
}
