import crypto from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { waitForMail } from "../../server/testing/eml";
import { apiURL, baseURL, e2e, mailDir } from "./e2e-env";

export type SeedUser = {
  email?: string;
  password?: string;
  role?: "user" | "admin" | "super_admin";
  userType?: "personal" | "company";
  status?: "pending" | "active" | "suspended";
  firstName?: string;
  lastName?: string;
  companyName?: string;
  permissions?: string[];
  /** Two-factor sign-in on (the seeding route's default for admins, off for members). */
  totp?: boolean;
  /** Approved by an admin. */
  approved?: boolean;
  /** The id of the member who invited this one. */
  referredBy?: string;
  /** Bank details (personal accounts): payouts go only to members who have them. */
  iban?: string;
  accountHolderName?: string;
};

export const DEFAULT_PASSWORD = "Str0ng!Passw0rd";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${crypto.randomBytes(5).toString("hex")}@e2e.example.com`;
}

/** A user of this test's own, created straight in the API (test seeding route). */
export async function seedUser(request: APIRequestContext, input: SeedUser = {}) {
  const user = {
    email: input.email ?? uniqueEmail(input.role ?? "user"),
    password: input.password ?? DEFAULT_PASSWORD,
    firstName: "Erika",
    lastName: "Muster",
    ...input,
  };
  const response = await request.post(`${apiURL}/api/test/users`, {
    headers: { "x-seed-token": e2e.seedToken },
    data: user,
  });
  if (response.status() !== 201)
    throw new Error(`seeding failed: ${response.status()} ${await response.text()}`);
  const seeded = (await response.json()) as { id: string; totpSecret?: string };
  return { ...user, id: seeded.id, totpSecret: seeded.totpSecret };
}

const TOTP_PERIOD_MS = 30_000;
/** The last time step whose code this process used, per secret: the API takes each code once. */
const usedSteps = new Map<string, number>();

/**
 * A fresh code of an authenticator secret, as the member's app would show it. A code already
 * used (a second sign-in of the same user within 30 s) is never offered again: the next step's
 * code is, which the API accepts a step early, and past that this waits for the next step.
 */
export async function nextTotpCode(secret: string): Promise<string> {
  const current = Math.floor(Date.now() / TOTP_PERIOD_MS);
  const step = Math.max(current, (usedSteps.get(secret) ?? -1) + 1);
  if (step > current + 1) {
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * TOTP_PERIOD_MS - Date.now() + 50));
  }
  usedSteps.set(secret, step);
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  return totp.generate({ timestamp: step * TOTP_PERIOD_MS });
}

type Credentials = { email: string; password: string; totpSecret?: string };

/**
 * Signs in through the BFF with a request context (its own cookie jar), completing the second
 * step with a code of the user's secret when the account has two-factor sign-in on.
 */
export async function signInRequest(request: APIRequestContext, user: Credentials) {
  const response = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: { Origin: baseURL },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  const answer = (await response.json()) as { mfaRequired?: boolean; challenge?: string };
  if (!answer.mfaRequired) return;
  if (!user.totpSecret) throw new Error(`sign-in of ${user.email} asks for a second factor; no secret known`);
  const second = await request.post("/api/auth/login/totp", {
    data: { challenge: answer.challenge, code: await nextTotpCode(user.totpSecret) },
    headers: { Origin: baseURL },
  });
  if (!second.ok()) throw new Error(`second sign-in step failed: ${second.status()} ${await second.text()}`);
}

/** Signs in through the BFF (not the form): the session cookies land in the page's context. */
export async function signIn(page: Page, user: Credentials) {
  await signInRequest(page.request, user);
}

/** The newest mail to `to` whose subject matches, from the outbox of the running API. */
export function mailTo(to: string, subject: RegExp) {
  return waitForMail(mailDir, (mail) => mail.to.includes(to) && subject.test(mail.subject), {
    timeoutMs: 10_000,
  });
}

/** Logs in through the login form (for tests about the form's own behaviour and cookies). */
export async function logInWithForm(page: Page, user: Credentials) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  const submit = page.getByRole("button", { name: "Log in", exact: true });
  await submit.click();
  if (user.totpSecret) {
    await page.getByLabel("Authentication code").fill(await nextTotpCode(user.totpSecret));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
  }
  await page.waitForURL(/\/dashboard$/);
  // The URL changes when the client navigation starts; the dashboard is there once the form is
  // gone. Going elsewhere before that lets this page's effects run during the next navigation
  // (it could read a flash cookie the next redirect sets, and that toast would be lost with it).
  await expect(submit).toHaveCount(0);
}
