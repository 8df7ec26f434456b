import { bigint, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "./columns";
import { ownerId, ownerKey } from "./users";

/**
 * A member's authenticator secret (RFC 6238). Written by the setup, before it is enabled; whether
 * two-factor sign-in is on is `users.totp_enabled_at`, which the login reads with the user row
 * anyway. The secret is stored encrypted (AES-256-GCM under a key derived from the auth secret,
 * bound to the user id) and never leaves the API after the setup answer.
 */
export const userTotp = pgTable("user_totp", {
  userId: ownerKey(),
  secretEncrypted: text("secret_encrypted").notNull(),
  /** The time step of the last code accepted: that code and every earlier one are spent. */
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** Ten single-use codes per enabled member, stored as SHA-256 hashes (80 random bits each). */
export const totpRecoveryCodes = pgTable(
  "totp_recovery_codes",
  {
    id: id(),
    userId: ownerId(),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  // Also serves the lookups by user (its leading column).
  (table) => [uniqueIndex("totp_recovery_codes_user_hash_unique").on(table.userId, table.codeHash)],
);
