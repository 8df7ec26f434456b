import "server-only";
import { redirect } from "next/navigation";
import { apiPath } from "@/lib/api/endpoint";
import { onboardingApi } from "@/lib/api/onboarding";
import type { BrowserSession } from "@/lib/schemas/auth";
import { type OnboardingStatus, onboardingStatusSchema } from "@/lib/schemas/onboarding";
import { apiGetAsUser } from "./api-server";
import { dashboardWithNotice } from "./notices";
import { requireSession } from "./session-server";

/**
 * The session of an onboarding page, re-checked on the server: proxy.ts guards the account type
 * from the token's claims; this uses the user as the API knows it now.
 */
export async function requireOnboardingSession(userType: "personal" | "company"): Promise<BrowserSession> {
  const session = await requireSession();
  if (session.user.userType !== userType) redirect(dashboardWithNotice(`${userType}-only`));
  return session;
}

/** The onboarding flags (onboardingApi.status), or null when the call failed. */
export async function getOnboardingStatus(): Promise<OnboardingStatus | null> {
  return apiGetAsUser(apiPath(onboardingApi.status), onboardingStatusSchema.passthrough());
}
