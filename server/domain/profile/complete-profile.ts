import { and, eq, isNull } from "drizzle-orm";
import type { Logger } from "pino";
import type { z } from "zod";
import { normalizePhone } from "../../../lib/phone";
import type { companyProfileSchema, personalProfileSchema } from "../../../lib/schemas/profile";
import type { Database } from "../../db";
import { companyProfiles, personalProfiles, users } from "../../db/schema";
import { recordAuditEvent } from "../audit/record-audit-event";
import { lockOwnAccount } from "../lock-own-account";
import type { MailOutbox } from "../mail/outbox";
import { confirmBankChange, queueBankChangeNotice, reviewBankChange, storedBankDetails } from "./bank-change";
import { loadProfile } from "./load-profile";
import { checkProfileDates } from "./profile-dates";
import { profileValidationError } from "./profile-messages";
import type { ProfileView } from "./profile-view";

export type PersonalProfile = z.output<typeof personalProfileSchema>;
export type CompanyProfile = z.output<typeof companyProfileSchema>;
type RequestFacts = { ip: string | null };
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type ProfileDeps = { db: Database; mail: MailOutbox; logger: Logger; publicUrl: string };

/**
 * A phone as stored: E.164, or null when the optional field is empty. Numbers without a
 * prefix are read as German (default country), exactly as the schema checked them.
 */
function storedPhone(value: string): string | null {
  if (!value) return null;
  const result = normalizePhone(value, "DE");
  // The schema accepted the phone through this same function, so this cannot fail.
  if (!result.ok) throw new Error(`a phone the schema accepted did not normalise: ${result.problem}`);
  return result.e164;
}

/** Registration fills some fields; an empty value in the profile form keeps what is stored. */
function keepUnlessGiven<T extends string>(key: T, value: string | null): Partial<Record<T, string>> {
  return value ? ({ [key]: value } as Record<T, string>) : {};
}

function refuseBadDates(input: { dateOfBirth?: string; registrationDate?: string }) {
  const issues = checkProfileDates(input);
  if (issues.length > 0) throw profileValidationError(issues);
}

/**
 * Marks the step done the first time only: the conditional UPDATE lets exactly one of two
 * parallel first saves see itself as the completion, and a later save keeps the first time.
 */
async function markProfileCompleted(tx: Transaction, userId: string, now: Date): Promise<boolean> {
  const [first] = await tx
    .update(users)
    .set({ profileCompletedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.profileCompletedAt)))
    .returning({ id: users.id });
  return first !== undefined;
}

async function recordCompletion(
  db: Database,
  userId: string,
  userType: "personal" | "company",
  firstCompletion: boolean,
  facts: RequestFacts,
) {
  // Facts only: never the IBAN or any other field value.
  await recordAuditEvent(db, {
    action: firstCompletion ? "onboarding.profile_completed" : "onboarding.profile_updated",
    actorUserId: userId,
    subjectUserId: userId,
    details: { userType },
    ip: facts.ip,
  });
}

/**
 * Saves a profile and completes the onboarding step, with the bank part around the write: the
 * current password first when an approved member changes the bank details; then, in the write's
 * transaction with the member's row locked, the change review and the security notice. Answers
 * the profile as now stored.
 */
async function saveProfile(
  deps: ProfileDeps,
  input: {
    userId: string;
    userType: "personal" | "company";
    iban: string;
    accountHolderName: string;
    currentPassword: string;
  },
  facts: RequestFacts,
  now: Date,
  write: (tx: Transaction) => Promise<void>,
): Promise<ProfileView> {
  const given = { iban: input.iban, accountHolderName: input.accountHolderName };
  const passwordConfirmed = await confirmBankChange(deps.db, {
    userId: input.userId,
    userType: input.userType,
    given,
    password: input.currentPassword,
    ip: facts.ip,
  });
  const { firstCompletion, noticeDue } = await deps.db.transaction(async (tx) => {
    const owner = await lockOwnAccount(tx, input.userId);
    const stored = await storedBankDetails(tx as unknown as Database, input.userId, input.userType);
    await write(tx);
    const firstCompletion = await markProfileCompleted(tx, input.userId, now);
    const noticeDue = await reviewBankChange(tx as unknown as Database, {
      userId: input.userId,
      approved: owner.adminVerifiedAt !== null,
      stored,
      given,
      passwordConfirmed,
      ip: facts.ip,
    });
    if (noticeDue) await queueBankChangeNotice(deps, tx as unknown as Database, input.userId, input.iban);
    return { firstCompletion, noticeDue };
  });
  if (noticeDue) deps.mail.wake();
  await recordCompletion(deps.db, input.userId, input.userType, firstCompletion, facts);
  return loadProfile(deps.db, input.userId);
}

/** Personal profile: saves it (insert or update) and completes the onboarding step. */
export async function completePersonalProfile(
  deps: ProfileDeps,
  userId: string,
  input: PersonalProfile,
  facts: RequestFacts,
): Promise<ProfileView> {
  refuseBadDates(input);
  const now = new Date();
  const values = {
    dateOfBirth: input.dateOfBirth,
    nationality: input.nationality,
    address: input.address,
    zipCode: input.zipCode,
    city: input.city,
    country: input.country,
    ...keepUnlessGiven("phone", storedPhone(input.phone)),
    phoneSecondary: storedPhone(input.phoneSecondary),
    emergencyContactName: input.emergencyContactName || null,
    emergencyContactPhone: storedPhone(input.emergencyContactPhone),
    accountHolderName: input.accountHolderName,
    iban: input.iban,
    ...keepUnlessGiven("referralEmail", input.referralEmail),
    updatedAt: now,
  };
  return saveProfile(deps, { userId, userType: "personal", ...input }, facts, now, async (tx) => {
    await tx
      .insert(personalProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: personalProfiles.userId, set: values });
  });
}

/** Company profile: saves it (insert or update) and completes the onboarding step. */
export async function completeCompanyProfile(
  deps: ProfileDeps,
  userId: string,
  input: CompanyProfile,
  facts: RequestFacts,
): Promise<ProfileView> {
  refuseBadDates(input);
  const now = new Date();
  const values = {
    companyPhone: storedPhone(input.companyPhone),
    address: input.address,
    registrationDate: input.registrationDate || null,
    zipCode: input.zipCode,
    city: input.city,
    country: input.country,
    branch: input.branch,
    numberOfEmployees: input.numberOfEmployees,
    registrationNumber: input.registrationNumber,
    accountHolderName: input.accountHolderName,
    iban: input.iban,
    ...keepUnlessGiven("contactPersonName", input.contactPersonName),
    ...keepUnlessGiven("contactPersonPhone", storedPhone(input.contactPersonPhone)),
    updatedAt: now,
  };
  // companyEmail is not saved: the company's email is the account's login, which changes only
  // through a verified flow, never as a side effect of this form.
  return saveProfile(deps, { userId, userType: "company", ...input }, facts, now, async (tx) => {
    await tx
      .insert(companyProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: companyProfiles.userId, set: values });
    if (input.companyName) {
      await tx
        .update(users)
        .set({ companyName: input.companyName, updatedAt: now })
        .where(eq(users.id, userId));
    }
  });
}
