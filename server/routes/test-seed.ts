import crypto from "node:crypto";
import net from "node:net";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, ROLES } from "../../lib/vocabulary";
import type { Database } from "../db";
import { documents, mailOutbox, permissions, personalProfiles, userPermissions, users } from "../db/schema";
import { userTotp } from "../db/schema/totp";
import { hashPassword } from "../domain/auth/passwords";
import { encryptTotpSecret, newTotpSecret } from "../domain/auth/totp";
import { approveHeldCommissions } from "../domain/partner/commission-hold";
import { AppError } from "../errors";
import type { AppEnv } from "../http";
import { validationError } from "../http";

const seedUserSchema = z.object({
  email: z.email(),
  password: z.string().min(1),
  role: z.enum(ROLES).default("user"),
  userType: z.enum(ACCOUNT_TYPES).default("personal"),
  status: z.enum(ACCOUNT_STATUSES).default("active"),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  companyName: z.string().nullish(),
  language: z.enum(["en", "de"]).default("en"),
  permissions: z.array(z.string()).default([]),
  /**
   * Two-factor sign-in on, with a secret returned in the answer. Admins need it for the admin
   * pages, so it is on for them unless turned off here; off for members unless asked for.
   */
  totp: z.boolean().optional(),
  /** Approved by an admin (the partner programme pays only approved members). */
  approved: z.boolean().default(false),
  /** The member whose link this one registered through (the inviter a commission goes to). */
  referredBy: z.uuid().optional(),
  /** Bank details on a personal profile (payouts go only to members who have them). */
  iban: z.string().optional(),
  accountHolderName: z.string().optional(),
});

const seedFailedMailSchema = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string().default("Seeded mail"),
});

/** True for an address only this machine can reach: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackOnlyHost(host: string): boolean {
  const address = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  if (address === "localhost") return true;
  const mapped = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (net.isIPv4(mapped)) return mapped.startsWith("127.");
  if (net.isIPv6(address)) return new net.SocketAddress({ address, family: "ipv6" }).address === "::1";
  return false;
}

export type TestSeedDecision = { mount: true } | { mount: false; reason: string };

/**
 * The seeding token is known to everyone who can read the test setup, so the routes exist only
 * where nobody else can reach the API: with a token and an API listening on loopback alone.
 * 0.0.0.0, :: or any other address refuses.
 */
export function decideTestSeedMount(
  token: string | undefined,
  apiHost: string | undefined,
): TestSeedDecision {
  if (!token) return { mount: false, reason: "E2E_SEED_TOKEN is not set" };
  if (!apiHost || !isLoopbackOnlyHost(apiHost)) {
    return {
      mount: false,
      reason: `API_HOST ${apiHost ? `"${apiHost}"` : "(unknown)"} is not a loopback-only address (127.x, ::1 or localhost)`,
    };
  }
  return { mount: true };
}

/**
 * End-to-end tests only: creates users directly so every test can have its own (STYLE.md).
 * Mounted only when E2E_SEED_TOKEN is set and the API listens on loopback only
 * (decideTestSeedMount), and every call must carry that token.
 */
export function createTestSeedRoutes(deps: { db: Database; token: string; totpSecretKey: string }) {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    const given = Buffer.from(c.req.header("x-seed-token") ?? "");
    const expected = Buffer.from(deps.token);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
      throw new AppError("FORBIDDEN");
    await next();
  });
  app.post("/users", async (c) => {
    const parsed = seedUserSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw validationError(parsed.error);
    const input = parsed.data;
    const totpSecret = (input.totp ?? input.role !== "user") ? newTotpSecret() : undefined;
    const [row] = await deps.db
      .insert(users)
      .values({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        role: input.role,
        userType: input.userType,
        status: input.status,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        companyName: input.companyName ?? null,
        language: input.language,
        totpEnabledAt: totpSecret ? new Date() : null,
        adminVerifiedAt: input.approved ? new Date() : null,
        referredByUserId: input.referredBy ?? null,
      })
      .returning({ id: users.id });
    if (!row) throw new AppError("INTERNAL");
    if (totpSecret) {
      await deps.db.insert(userTotp).values({
        userId: row.id,
        secretEncrypted: encryptTotpSecret(deps.totpSecretKey, row.id, totpSecret),
      });
    }
    if (input.iban && input.userType === "personal") {
      await deps.db
        .insert(personalProfiles)
        .values({ userId: row.id, iban: input.iban, accountHolderName: input.accountHolderName ?? null });
    }
    if (input.permissions.length) {
      const found = await deps.db
        .select()
        .from(permissions)
        .where(inArray(permissions.name, input.permissions));
      if (found.length) {
        await deps.db
          .insert(userPermissions)
          .values(found.map((permission) => ({ userId: row.id, permissionId: permission.id })));
      }
    }
    return c.json({ id: row.id, ...(totpSecret ? { totpSecret } : {}) }, 201);
  });
  // A mail that failed every attempt, as the sender leaves it: the outbox driver of the end-to-end
  // setup never fails, and the admin's retry needs something to retry.
  app.post("/failed-mail", async (c) => {
    const parsed = seedFailedMailSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw validationError(parsed.error);
    const [row] = await deps.db
      .insert(mailOutbox)
      .values({
        kind: "password_reset",
        recipient: parsed.data.to,
        language: "en",
        subject: parsed.data.subject,
        text: parsed.data.text,
        status: "failed",
        attempts: 10,
        lastAttemptAt: new Date(),
        lastError: "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525",
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new AppError("INTERNAL");
    return c.json({ id: row.id }, 201);
  });
  // The expiry date of a user's current ID, as if time had passed: the upload refuses a date
  // that is not in the future, and the ID expiry journeys need one that is near or past.
  app.post("/users/:id/id-expiry", async (c) => {
    const parsed = z.object({ expiryDate: z.iso.date() }).safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw validationError(parsed.error);
    const updated = await deps.db
      .update(documents)
      .set({ expiryDate: parsed.data.expiryDate })
      .where(
        and(
          eq(documents.userId, c.req.param("id")),
          eq(documents.kind, "id"),
          isNull(documents.supersededAt),
        ),
      )
      .returning({ id: documents.id });
    if (updated.length === 0) throw new AppError("NOT_FOUND");
    return c.json({ updated: updated.length }, 200);
  });
  // Every commission's hold over, as if COMMISSION_HOLD_DAYS had passed: the payout journeys need
  // approved balances without waiting for the hourly job.
  app.post("/commissions/end-holds", async (c) => {
    const approved = await approveHeldCommissions(
      deps.db,
      new Date(Date.now() + 366 * 24 * 60 * 60 * 1000),
      365,
    );
    return c.json({ approved }, 200);
  });
  return app;
}
