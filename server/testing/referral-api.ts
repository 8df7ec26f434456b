import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { referralApi } from "../../lib/api/referrals";
import type { Database } from "../db";
import { permissions, referralLinks, userPermissions } from "../db/schema";
import {
  type ApiAnswer,
  createUser,
  loginOk,
  post,
  strongPassword,
  type TestUser,
  type UserInput,
  uniqueEmail,
  uniqueIp,
} from "./auth-api";

// Helpers for API tests of referral links and registration. Each test makes its own referrers
// and links (STYLE.md), so tests never share a link's use count.

type Requester = Parameters<typeof post>[0];

type MemberInput = Omit<UserInput, "email" | "password"> & {
  /** Grants can_create_referrals (a user_permissions row; the permission is seeded). */
  canCreateReferrals?: boolean;
};

/** An account written straight to the database, as admin verification would leave it. */
export async function createMember(db: Database, input: MemberInput = {}): Promise<TestUser> {
  const { canCreateReferrals, ...account } = input;
  const member = await createUser(db, {
    email: uniqueEmail(input.role ?? "member"),
    firstName: "Rita",
    lastName: "Referrer",
    ...account,
  });
  if (canCreateReferrals) await grantReferralPermission(db, member.id);
  return member;
}

async function grantReferralPermission(db: Database, userId: string): Promise<void> {
  const [permission] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.name, "can_create_referrals"));
  if (!permission) throw new Error("can_create_referrals is not seeded");
  await db.insert(userPermissions).values({ userId, permissionId: permission.id });
}

/** A logged-in member, by default one with can_create_referrals. */
export async function createReferrer(app: Requester, db: Database, input: MemberInput = {}) {
  const member = await createMember(db, { canCreateReferrals: true, ...input });
  const { accessToken } = await loginOk(app, member.email, member.password);
  return { ...member, token: accessToken };
}

export type LinkBody = {
  id: string;
  token: string;
  link: string;
  label: string | null;
  status: string;
  created: string;
  expires: string | null;
  maxUses: number;
  used: number;
  usageDisplay: string;
  isUnlimited: boolean;
  registrations: { name: string | null; type: string; date: string }[];
};

/** POST /api/referral/create as the given member; throws unless 201. */
export async function createLink(app: Requester, token: string, body: object = {}): Promise<LinkBody> {
  const answer = await post(app, referralApi.create.path, body, { token });
  if (answer.status !== 201)
    throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as unknown as LinkBody;
}

/** A link row written directly, for states the API cannot produce on demand (an expired link). */
export async function insertLink(
  db: Database,
  ownerUserId: string,
  input: { maxUses?: number | null; expiresAt?: Date | null; uses?: number } = {},
): Promise<{ id: string; token: string }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(referralLinks)
    .values({
      ownerUserId,
      token,
      maxUses: input.maxUses === undefined ? 10 : input.maxUses,
      expiresAt: input.expiresAt === undefined ? null : input.expiresAt,
      uses: input.uses ?? 0,
    })
    .returning({ id: referralLinks.id, token: referralLinks.token });
  if (!row) throw new Error("link insert returned nothing");
  return row;
}

export async function linkUses(db: Database, linkId: string): Promise<number> {
  const [row] = await db
    .select({ uses: referralLinks.uses })
    .from(referralLinks)
    .where(eq(referralLinks.id, linkId));
  if (!row) throw new Error(`no link ${linkId}`);
  return row.uses;
}

/** A valid personal registration (form) through the link; override any field. */
export function personalForm(refToken: string, overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail("personal");
  const password = strongPassword();
  return {
    refToken,
    firstName: "Erika",
    lastName: "Mustermann",
    email,
    confirmEmail: email,
    phone: "0151 23456789",
    phoneCountry: "DE",
    password,
    confirmPassword: password,
    lang: "en",
    ...overrides,
  };
}

/** A valid company registration (form) through the link; override any field. */
export function companyForm(refToken: string, overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail("company");
  const password = strongPassword();
  return {
    refToken,
    companyName: "Acme GmbH",
    companyEmail: email,
    confirmCompanyEmail: email,
    companyPhone: "030 1234567",
    companyPhoneCountry: "DE",
    contactPersonName: "Max Kontakt",
    contactPersonPhone: "0151 23456789",
    contactPersonPhoneCountry: "DE",
    password,
    confirmPassword: password,
    lang: "en",
    ...overrides,
  };
}

// Each registration comes from an address of its own unless the test names one, so the per-IP
// limit on refused registrations only shows where a test is about it.
export const registerPersonal = (app: Requester, body: object, ip = uniqueIp()): Promise<ApiAnswer> =>
  post(app, referralApi.register.personal.path, body, { ip });

export const registerCompany = (app: Requester, body: object, ip = uniqueIp()): Promise<ApiAnswer> =>
  post(app, referralApi.register.company.path, body, { ip });

/** Registers and throws unless 201, for tests whose subject is what comes after. */
export async function registerOk(app: Requester, kind: "personal" | "company", body: object): Promise<void> {
  const answer = kind === "personal" ? await registerPersonal(app, body) : await registerCompany(app, body);
  if (answer.status !== 201) {
    throw new Error(`${kind} registration answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}
