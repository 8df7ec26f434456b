import { Secret, TOTP } from "otpauth";
import pg from "pg";
import { authApi } from "../lib/api/auth";
import { TEST_SEED_PREFIX } from "../lib/api/system";
import { SEEDED_PASSWORD } from "./auth-load";

export const ADMIN_LIST_USERS = 1_000_000;
/** Borne by ten of the seeded members (every 100 000th). */
export const RARE_SURNAME = "Quastenberg";

/**
 * Members straight into PostgreSQL in one statement (the API has migrated the database):
 * varied names, both account types, all three statuses, a spread of creation times.
 */
export async function seedManyUsers(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into users (email, user_type, role, status, first_name, last_name, company_name, created_at, updated_at)
       select 'member' || n || '@bench.example.com',
              (case when n % 4 = 0 then 'company' else 'personal' end)::user_type,
              'user'::user_role,
              (case n % 3 when 0 then 'pending' when 1 then 'active' else 'suspended' end)::user_status,
              (array['Anna','Ben','Carla','Deniz','Emil','Hannah','Jonas','Lena','Marie','Noah'])[1 + n % 10],
              -- Ten members share a rare surname: the selective name search of the bench.
              case when n % 100000 = 4242 then '${RARE_SURNAME}'
                   else (array['Schmidt','Müller','Weber','Fischer','Wagner','Becker','Hoffmann','Schulz'])[1 + n % 8] end,
              case when n % 4 = 0 then 'Firma ' || n || ' GmbH' end,
              now() - (n || ' seconds')::interval,
              now()
       from generate_series(1, $1::int) as n`,
      [count],
    );
    // Vacuum too: it empties the trigram indexes' pending lists, which the first searches would otherwise merge.
    await client.query("vacuum analyze users");
  } finally {
    await client.end();
  }
}

/**
 * An account seeded through the API's test route (its password is SEEDED_PASSWORD): an admin or
 * super admin with two-factor sign-in on (the API serves admin calls only to sessions that proved
 * it), or a member with the given permissions (`approved`: by an admin, as the partner programme
 * pays only those). Returns the id, the email and the admin's authenticator secret.
 */
export async function seedBenchUser(
  apiUrl: string,
  seedToken: string,
  lastName: string,
  account: { role: "admin" | "super_admin" } | { role: "user"; permissions: string[]; approved?: boolean },
): Promise<{ id: string; email: string; totpSecret?: string }> {
  const email = `bench-${lastName.toLowerCase()}-${Date.now()}@bench.example.com`;
  const seeded = await fetch(new URL(`${TEST_SEED_PREFIX}/users`, apiUrl), {
    method: "POST",
    headers: { "content-type": "application/json", "x-seed-token": seedToken },
    body: JSON.stringify({ email, password: SEEDED_PASSWORD, firstName: "Bench", lastName, ...account }),
  });
  if (seeded.status !== 201)
    throw new Error(`seeding the ${lastName.toLowerCase()}: status ${seeded.status}`);
  const { id, totpSecret } = (await seeded.json()) as { id: string; totpSecret?: string };
  return { id, email, totpSecret };
}

async function postJson(url: URL, body: unknown) {
  const answer = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: answer.status,
    body: (await answer.json()) as { accessToken?: string; challenge?: string },
  };
}

/** An admin of the bench's own, signed in straight at the API with both steps; returns the access token. */
export async function adminAccessToken(
  apiUrl: string,
  seedToken: string,
  role: "admin" | "super_admin" = "admin",
): Promise<string> {
  const lastName = role === "admin" ? "Admin" : "Superadmin";
  const { email, totpSecret } = await seedBenchUser(apiUrl, seedToken, lastName, { role });
  const first = await postJson(new URL(authApi.login.path, apiUrl), { email, password: SEEDED_PASSWORD });
  if (first.status !== 200 || !first.body.challenge || !totpSecret) {
    throw new Error(`admin login: status ${first.status}`);
  }
  const code = new TOTP({ secret: Secret.fromBase32(totpSecret), digits: 6, period: 30 }).generate();
  const second = await postJson(new URL(authApi.loginWithTotp.path, apiUrl), {
    challenge: first.body.challenge,
    code,
  });
  if (second.status !== 200 || !second.body.accessToken)
    throw new Error(`admin second step: status ${second.status}`);
  return second.body.accessToken;
}
