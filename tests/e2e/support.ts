import crypto from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
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
  return { ...user, id: ((await response.json()) as { id: string }).id };
}

/** Signs in through the BFF (not the form): the session cookies land in the page's context. */
export async function signIn(page: Page, user: { email: string; password: string }) {
  const response = await page.request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: { Origin: baseURL },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/** The newest mail to `to` whose subject matches, from the outbox of the running API. */
export function mailTo(to: string, subject: RegExp) {
  return waitForMail(mailDir, (mail) => mail.to.includes(to) && subject.test(mail.subject), {
    timeoutMs: 10_000,
  });
}

/** Logs in through the login form (for tests about the form's own behaviour and cookies). */
export async function logInWithForm(page: Page, user: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  const submit = page.getByRole("button", { name: "Log in", exact: true });
  await submit.click();
  await page.waitForURL(/\/dashboard$/);
  // The URL changes when the client navigation starts; the dashboard is there once the form is
  // gone. Going elsewhere before that lets this page's effects run during the next navigation
  // (it could read a flash cookie the next redirect sets, and that toast would be lost with it).
  await expect(submit).toHaveCount(0);
}
