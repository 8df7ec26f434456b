import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db";
import { oneTimeCodes } from "../../db/schema";

export type CodePurpose = "login" | "verify_email" | "change_email";

// 6 digits from a CSPRNG, 10 minutes, single use, 5 attempts.
export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_ATTEMPTS = 5;

function hashCode(secret: string, userId: string, purpose: CodePurpose, code: string): string {
  // Bound to user and purpose; an HMAC because a million codes are quickly hashed offline.
  return crypto.createHmac("sha256", secret).update(`${purpose}:${userId}:${code}`).digest("hex");
}

function generateCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/** Issues a new code; earlier unused codes of the same purpose stop working. */
export async function issueCode(
  db: Database,
  secret: string,
  userId: string,
  purpose: CodePurpose,
  now = new Date(),
): Promise<{ code: string; expiresAt: Date }> {
  const code = generateCode();
  const expiresAt = new Date(now.getTime() + CODE_TTL_SECONDS * 1000);
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(oneTimeCodes.userId, userId),
          eq(oneTimeCodes.purpose, purpose),
          isNull(oneTimeCodes.consumedAt),
        ),
      );
    await tx.insert(oneTimeCodes).values({
      userId,
      purpose,
      codeHash: hashCode(secret, userId, purpose, code),
      expiresAt,
      createdAt: now,
    });
  });
  return { code, expiresAt };
}

/** When the last code of this purpose was sent, for resend countdowns. */
export async function lastCodeSentAt(
  db: Database,
  userId: string,
  purpose: CodePurpose,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row?.createdAt;
}

export type CodeCheck = "ok" | "invalid" | "expired" | "too_many_attempts" | "none";

/**
 * Checks a code against the user's current one. The attempt is counted first, atomically
 * (UPDATE … WHERE attempts < max), so 200 parallel guesses evaluate at most 5;
 * after the fifth even the right code fails. A correct code is consumed in the same step.
 */
export async function consumeCode(
  db: Database,
  secret: string,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<CodeCheck> {
  const [current] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!current) return "none";
  if (current.expiresAt.getTime() <= Date.now()) return "expired";

  const [counted] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, current.id),
        isNull(oneTimeCodes.consumedAt),
        lt(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS),
        gt(oneTimeCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ attempts: oneTimeCodes.attempts });
  if (!counted) return "too_many_attempts";

  const expected = Buffer.from(hashCode(secret, userId, purpose, code), "hex");
  const stored = Buffer.from(current.codeHash, "hex");
  if (expected.length !== stored.length || !crypto.timingSafeEqual(expected, stored)) return "invalid";

  const [consumed] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, current.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return consumed ? "ok" : "invalid";
}
