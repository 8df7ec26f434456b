import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import Provider, { type Configuration } from "oidc-provider";
import { displayName } from "../../../lib/display-name";
import type { Database } from "../../db";
import { users } from "../../db/schema";
import { deriveSecret, loadOrCreateStoredSecrets, type StoredSecretSpec } from "../../infra/secrets";
import { databaseAdapter } from "./oidc-adapter";

/** The webshop, the provider's one client (WEBSHOP_OIDC_*). */
export type WebshopClient = { clientId: string; clientSecret: string; redirectUris: string[] };

/** Where the provider's endpoints live under the issuer (PUBLIC_URL): all below /oidc/. */
export const OIDC_PREFIX = "/oidc/";
export const OIDC_DISCOVERY_PATH = "/.well-known/openid-configuration";
export const interactionPath = (uid: string) => `${OIDC_PREFIX}interaction/${uid}`;

/** Why a member may not sign in to the shop, as `member_status` says it; "approved" when they may. */
export type MemberStatus = "approved" | "awaiting_approval" | "suspended" | "deleted";

export function memberStatusOf(user: {
  status: string;
  adminVerifiedAt: Date | null;
  deletedAt: Date | null;
}): MemberStatus {
  if (user.deletedAt) return "deleted";
  if (user.status === "suspended") return "suspended";
  return user.adminVerifiedAt ? "approved" : "awaiting_approval";
}

/** The provider's RS256 signing key (JWK), generated once and kept with the other secrets. */
const signingKeySpec: StoredSecretSpec = {
  name: "oidc-signing-key",
  parse(text) {
    try {
      const jwk = JSON.parse(text) as { kty?: string; d?: string; n?: string };
      return jwk.kty === "RSA" && jwk.d && jwk.n ? text : undefined;
    } catch {
      return undefined;
    }
  },
  generate() {
    const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
    const jwk = privateKey.export({ format: "jwk" });
    return JSON.stringify({ ...jwk, kid: crypto.randomBytes(8).toString("hex"), use: "sig", alg: "RS256" });
  },
};

/**
 * The members' identity provider for the webshop (panva's oidc-provider, certified): the
 * authorization code flow with PKCE only, one confidential first-party client, no consent screen
 * (the interaction grants the shop's scopes itself), and sign-in through the platform's own login.
 * Its state lives in the database (oidc-adapter.ts); its signing key in app_secrets.
 */
export async function createWebshopProvider(deps: {
  db: Database;
  issuer: string;
  client: WebshopClient;
  /** Keys the provider's cookies (AUTH_SECRET-derived). */
  cookieSecret: string;
}): Promise<Provider> {
  const secrets = await loadOrCreateStoredSecrets(deps.db, [signingKeySpec]);
  const signingKey = JSON.parse(secrets.get(signingKeySpec.name) ?? "{}");
  const configuration: Configuration = {
    adapter: databaseAdapter(deps.db),
    clients: [
      {
        client_id: deps.client.clientId,
        client_secret: deps.client.clientSecret,
        redirect_uris: deps.client.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [deriveSecret(deps.cookieSecret, "webshop-oidc-cookies")] },
    // PKCE for every client, confidential ones too: a stolen code is worthless without the verifier.
    pkce: { required: () => true },
    responseTypes: ["code"],
    scopes: ["openid", "email", "profile", "member"],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "locale"],
      member: ["member_status"],
    },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
    routes: {
      authorization: `${OIDC_PREFIX}auth`,
      jwks: `${OIDC_PREFIX}jwks`,
      token: `${OIDC_PREFIX}token`,
      userinfo: `${OIDC_PREFIX}me`,
      revocation: `${OIDC_PREFIX}token/revocation`,
      introspection: `${OIDC_PREFIX}token/introspection`,
      end_session: `${OIDC_PREFIX}session/end`,
      pushed_authorization_request: `${OIDC_PREFIX}request`,
      code_verification: `${OIDC_PREFIX}device`,
      device_authorization: `${OIDC_PREFIX}device/auth`,
      backchannel_authentication: `${OIDC_PREFIX}backchannel`,
      registration: `${OIDC_PREFIX}reg`,
      challenge: `${OIDC_PREFIX}challenge`,
      credential: `${OIDC_PREFIX}credential`,
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      IdToken: 10 * 60,
      Interaction: 15 * 60,
      Grant: 14 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
    },
    async findAccount(_ctx, sub) {
      const [user] = await deps.db
        .select({
          id: users.id,
          email: users.email,
          emailVerifiedAt: users.emailVerifiedAt,
          firstName: users.firstName,
          lastName: users.lastName,
          companyName: users.companyName,
          userType: users.userType,
          language: users.language,
          status: users.status,
          adminVerifiedAt: users.adminVerifiedAt,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(eq(users.id, sub));
      if (!user || user.deletedAt) return undefined;
      return {
        accountId: user.id,
        async claims() {
          return {
            sub: user.id,
            email: user.email,
            email_verified: user.emailVerifiedAt !== null,
            name: displayName(user, user.email),
            locale: user.language,
            member_status: memberStatusOf(user),
          };
        },
      };
    },
    async renderError(ctx, out) {
      // No stack, no HTML of the library's: the error and its description, as the spec names them.
      ctx.type = "json";
      ctx.body = {
        error: { code: String(out.error ?? "invalid_request"), message: String(out.error_description ?? "") },
      };
    },
  };
  const provider = new Provider(deps.issuer, configuration);
  // The web tier in front says which scheme and host the visitor used (X-Forwarded-*).
  provider.proxy = true;
  return provider;
}
