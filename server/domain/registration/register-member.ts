import { eq, sql } from "drizzle-orm";
import { normalizePhone } from "../../../lib/phone";
import {
  type CompanyRegistration,
  checkCompanyRegistration,
  checkPersonalRegistration,
  companyRegistrationSchema,
  type PersonalRegistration,
  personalRegistrationSchema,
  type RegistrationProblem,
} from "../../../lib/schemas/registration";
import type { Database } from "../../db";
import { findUserByEmail } from "../../db/queries/users";
import { companyProfiles, personalProfiles, referralLinks, referralUses, users } from "../../db/schema";
import { AppError } from "../../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import { hashPassword } from "../auth/passwords";
import type { MailOutbox } from "../mail/outbox";
import { queueReferralRegisteredNotice } from "../referrals/notify-referrer";
import { linkAcceptsUseCondition } from "../referrals/referral-links";
import { hitRateLimit, releaseRateLimit } from "../security/rate-limit";
import { registrationReason } from "./registration-messages";

type RequestFacts = { ip: string | null };

/** The referrer is mailed about the registration (unless they turned that off). */
export type RegistrationDeps = { db: Database; mail: MailOutbox; publicUrl: string };

// Refused registrations per IP (a registration that goes through gives its attempt back, so
// colleagues behind one address can all register through one link). Each refused attempt is
// one guess at whether an email is registered, and an accepted one costs an argon2 hash.
const REGISTRATION_LIMITS = { perIp: { limit: 10, windowSeconds: 60 * 60 } };

function refuse(problem: RegistrationProblem): never {
  throw new AppError("VALIDATION_FAILED", registrationReason(problem.key), {
    field: problem.field,
    key: problem.key,
    issues: [{ path: problem.field, message: problem.key }],
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error as { code?: string; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === "23505") return true;
  }
  return false;
}

/**
 * The link as it is now: unknown → 404; deactivated, expired, used up or its owner not active →
 * 410. Checked before the email, so a link that cannot register anyone tells nothing about who is
 * registered. The condition is the one the claim below uses.
 */
async function findLiveLink(db: Database, token: string) {
  const [link] = await db
    .select({ id: referralLinks.id, ownerUserId: referralLinks.ownerUserId, ownerEmail: users.email })
    .from(referralLinks)
    .innerJoin(users, eq(users.id, referralLinks.ownerUserId))
    .where(eq(referralLinks.token, token))
    .limit(1);
  if (!link) throw new AppError("NOT_FOUND", "referralLinkInvalid");
  const [live] = await db
    .select({ id: referralLinks.id })
    .from(referralLinks)
    .where(linkAcceptsUseCondition(link.id))
    .limit(1);
  if (!live) throw new AppError("GONE", "referralLinkInvalid");
  return link;
}

type NewMember = {
  refToken: string;
  email: string;
  password: string;
  userType: "personal" | "company";
  names: { firstName?: string | null; lastName?: string | null; companyName?: string | null };
  language: "en" | "de";
  /** The profile row; `referrerEmail` is the link owner's, as the database knows it. */
  profile: (db: Database, userId: string, referrerEmail: string) => Promise<unknown>;
};

/**
 * Cheap checks first, in this order: the caller's attempts per IP, the link (live), the email;
 * only then the argon2 hash. Then the account and the link's use in one transaction: the use is
 * one conditional UPDATE (the link must still be active, unexpired, not used up, its owner
 * active), so parallel registrations can never take more uses than the link has. The referrer's
 * notice is queued in it too. Nothing is written (or mailed) when it fails.
 */
async function insertMember(deps: RegistrationDeps, member: NewMember, facts: RequestFacts): Promise<string> {
  const { db } = deps;
  const ipKey = `register:ip:${facts.ip ?? "unknown"}`;
  const attempt = await hitRateLimit(db, ipKey, REGISTRATION_LIMITS.perIp);
  if (attempt.exceeded) {
    throw new AppError("RATE_LIMITED", undefined, { retryAfterSeconds: attempt.retryAfterSeconds });
  }
  const link = await findLiveLink(db, member.refToken);
  if (await findUserByEmail(db, member.email)) throw new AppError("CONFLICT", "emailInUse");
  const passwordHash = await hashPassword(member.password);
  try {
    const userId = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(referralLinks)
        .set({ uses: sql`${referralLinks.uses} + 1` })
        .where(linkAcceptsUseCondition(link.id))
        .returning({ id: referralLinks.id });
      if (!claimed) throw new AppError("GONE", "referralLinkInvalid");
      const [user] = await tx
        .insert(users)
        .values({
          email: member.email,
          passwordHash,
          userType: member.userType,
          role: "user",
          status: "pending",
          firstName: member.names.firstName ?? null,
          lastName: member.names.lastName ?? null,
          companyName: member.names.companyName ?? null,
          language: member.language,
          referredByUserId: link.ownerUserId,
        })
        .returning({ id: users.id });
      if (!user) throw new AppError("INTERNAL");
      await tx
        .insert(referralUses)
        .values({ linkId: link.id, newUserId: user.id, newUserType: member.userType });
      await member.profile(tx as unknown as Database, user.id, link.ownerEmail);
      await queueReferralRegisteredNotice(deps, tx, {
        userType: member.userType,
        firstName: member.names.firstName ?? null,
        companyName: member.names.companyName ?? null,
        referredByUserId: link.ownerUserId,
      });
      return user.id;
    });
    deps.mail.wake();
    await releaseRateLimit(db, ipKey);
    await recordAuditEvent(db, {
      action: "registration.completed",
      subjectUserId: userId,
      actorUserId: link.ownerUserId,
      details: { userType: member.userType, linkId: link.id },
      ip: facts.ip,
    });
    return userId;
  } catch (error) {
    // Two registrations with one email at once: the unique index decides, the loser is told plainly.
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "emailInUse");
    throw error;
  }
}

export async function registerPersonal(
  deps: RegistrationDeps,
  raw: PersonalRegistration,
  facts: RequestFacts,
): Promise<string> {
  const input = personalRegistrationSchema.parse(raw);
  const problem = checkPersonalRegistration(input, normalizePhone);
  if (problem) refuse(problem);
  const phone = normalizePhone(input.phone, input.phoneCountry);
  if (!phone.ok) refuse({ field: "phone", key: `phone.${phone.problem}` });
  return insertMember(
    deps,
    {
      refToken: input.refToken,
      email: input.email.trim(),
      password: input.password,
      userType: "personal",
      names: { firstName: input.firstName.trim(), lastName: input.lastName.trim() },
      language: input.lang ?? "en",
      // The form sends the referrer's email it was shown; what is kept is the link owner's own,
      // so nobody can name another member as the one who invited them.
      profile: (tx, userId, referrerEmail) =>
        tx.insert(personalProfiles).values({ userId, phone: phone.e164, referralEmail: referrerEmail }),
    },
    facts,
  );
}

export async function registerCompany(
  deps: RegistrationDeps,
  raw: CompanyRegistration,
  facts: RequestFacts,
): Promise<string> {
  const input = companyRegistrationSchema.parse(raw);
  const problem = checkCompanyRegistration(input, normalizePhone);
  if (problem) refuse(problem);
  const companyPhone = normalizePhone(input.companyPhone, input.companyPhoneCountry);
  const contactPhone = normalizePhone(input.contactPersonPhone, input.contactPersonPhoneCountry);
  if (!companyPhone.ok) refuse({ field: "companyPhone", key: `companyPhone.${companyPhone.problem}` });
  if (!contactPhone.ok) refuse({ field: "contactPersonPhone", key: `contactPhone.${contactPhone.problem}` });
  return insertMember(
    deps,
    {
      refToken: input.refToken,
      email: input.companyEmail.trim(),
      password: input.password,
      userType: "company",
      names: { companyName: input.companyName.trim() },
      language: input.lang ?? "en",
      profile: (tx, userId) =>
        tx.insert(companyProfiles).values({
          userId,
          companyPhone: companyPhone.e164,
          contactPersonName: input.contactPersonName.trim(),
          contactPersonPhone: contactPhone.e164,
        }),
    },
    facts,
  );
}
