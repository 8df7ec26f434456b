import { referralApi } from "../lib/api/referrals";
import { seedBenchUser } from "./admin-load";
import { bffLogin } from "./auth-load";

/** A member allowed to invite, seeded through the test route, creates one link through the BFF; returns its token. */
export async function createReferralToken(
  apiUrl: string,
  webUrl: string,
  seedToken: string,
): Promise<string> {
  const { email } = await seedBenchUser(apiUrl, seedToken, "Referrer", {
    role: "user",
    permissions: ["can_create_referrals"],
  });
  const session = await bffLogin(webUrl, email);
  const created = await fetch(new URL(referralApi.create.path, webUrl), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: new URL(webUrl).origin,
      cookie: `pp_at=${session.accessCookie}`,
    },
    body: JSON.stringify({ expiresInDays: 0, maxUses: 0 }),
  });
  const body = (await created.json()) as { token?: string };
  if (created.status !== 201 || !body.token) throw new Error(`creating a link: status ${created.status}`);
  return body.token;
}
