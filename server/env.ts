import path from "node:path";
import { z } from "zod";
import { isValidIban, normalizeIban } from "../lib/iban";
import { METRICS_TOKEN_MIN_LENGTH } from "../lib/runtime/metrics-shared.mjs";
import { DEFAULT_TIME_ZONE, timeZoneSchema } from "../lib/time-zone";
import { productionProblems } from "./env-production";
import { parseTrustedProxies } from "./infra/client-ip";
import { DEFAULT_BODY_IDLE_MS } from "./infra/http/body-idle";
import { DEFAULT_REQUEST_TIMEOUT_SECONDS } from "./infra/http/server-timeouts";

// Empty strings count as unset, so `FOO=` in a shell or .env file falls back to the default.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const port = z.coerce.number().int().min(1).max(65535);

const serverEnvSchema = z.object({
  NODE_ENV: optional(z.enum(["development", "production", "test"])).default("development"),
  API_PORT: optional(port).default(4000),
  API_HOST: optional(z.string()).default("127.0.0.1"),
  DATA_DIR: optional(z.string()).default("./data"),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  // Connections this API instance opens to PostgreSQL at most (db/index.ts DEFAULT_POOL_SIZE is
  // the default); instances times this must stay below the server's max_connections.
  DATABASE_POOL_SIZE: optional(z.coerce.number().int().min(1).max(100)).default(10),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: optional(z.string()).default("Partner Platform <no-reply@localhost>"),
  // How mail leaves: smtp (SMTP_URL) or files ($DATA_DIR/mail). Unset: smtp when SMTP_URL is set.
  // `files` says so on purpose, which production requires when there is no SMTP server.
  MAIL_TRANSPORT: optional(z.enum(["smtp", "files"])),
  S3_BUCKET: optional(z.string()),
  S3_ENDPOINT: optional(z.url()),
  S3_REGION: optional(z.string()).default("us-east-1"),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(z.enum(["true", "false"])).default("false"),
  // Secret for signing storage download URLs; generated once into the database when unset.
  STORAGE_SIGNING_SECRET: optional(z.string().min(32)),
  // The signing secret before a rotation: its download URLs stay valid until they expire.
  STORAGE_SIGNING_SECRET_PREVIOUS: optional(z.string().min(32)),
  PUBLIC_URL: optional(z.url()).default("http://localhost:3000"),
  // With NODE_ENV=production an http PUBLIC_URL (other than loopback) stops the start; this
  // permits it, for a closed test network.
  ALLOW_INSECURE_PUBLIC_URL: optional(z.enum(["true", "false"])).default("false"),
  // First super admin on an empty database; a password is generated and printed once when unset.
  ADMIN_EMAIL: optional(z.email()),
  ADMIN_PASSWORD: optional(z.string().min(8)),
  // Ed25519 private key as a JWK (JSON); generated once into the database when unset.
  JWT_PRIVATE_KEY: optional(z.string()),
  // JSON array of earlier signing keys (public or private JWKs): their tokens verify until they expire.
  JWT_PREVIOUS_PUBLIC_KEYS: optional(z.string()),
  // Keys the refresh-token derivation, the one-time-code HMAC, the second sign-in step's challenge
  // and the authenticator secrets' encryption; generated once into the database when unset.
  AUTH_SECRET: optional(z.string().min(32)),
  // The auth secret before a rotation: authenticator secrets stored under it stay readable.
  AUTH_SECRET_PREVIOUS: optional(z.string().min(32)),
  // `npm run cli -- backup` encrypts with it, `restore` decrypts with it (the API ignores it).
  BACKUP_PASSPHRASE: optional(z.string().min(12)),
  ACCESS_TOKEN_TTL_SECONDS: optional(z.coerce.number().int().min(5).max(3600)).default(900),
  SESSION_IDLE_HOURS: optional(z.coerce.number().int().min(1)).default(24 * 7),
  SESSION_ABSOLUTE_HOURS: optional(z.coerce.number().int().min(1)).default(24 * 30),
  REFRESH_GRACE_SECONDS: optional(z.coerce.number().int().min(0).max(60)).default(10),
  // Retention (domain/retention): how long what has served its purpose is kept before the job
  // deletes it. Ended sessions with their refresh tokens (browser and address, for the member's
  // security questions afterwards):
  SESSION_RETENTION_DAYS: optional(z.coerce.number().int().min(1)).default(30),
  // Audit rows keep the whole address this long, then only its network (a.b.c.x, an IPv6 /48):
  AUDIT_IP_RETENTION_DAYS: optional(z.coerce.number().int().min(1)).default(90),
  // ID images an approved member replaced, counted from the admin's acceptance of the change:
  REPLACED_ID_RETENTION_DAYS: optional(z.coerce.number().int().min(1)).default(90),
  // A deleted account's remaining row, its signed contracts and their files (commercial records):
  CONTRACT_RETENTION_YEARS: optional(z.coerce.number().int().min(1)).default(10),
  // Partner commissions wait this long for a refund before they count as approved (payable):
  COMMISSION_HOLD_DAYS: optional(z.coerce.number().int().min(0).max(365)).default(30),
  // The webshop's sign-in (OpenID Connect): its client id, secret (24+ characters) and allowed
  // redirect addresses (comma-separated). All three or none; none: the provider is off.
  WEBSHOP_OIDC_CLIENT_ID: optional(z.string().trim().min(1)),
  WEBSHOP_OIDC_CLIENT_SECRET: optional(z.string().min(24, "at least 24 characters")),
  WEBSHOP_OIDC_REDIRECT_URIS: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((uri) => uri.trim())
          .filter(Boolean),
      )
      .refine(
        (uris) =>
          uris.length > 0 &&
          uris.every((uri) => {
            try {
              const url = new URL(uri);
              return (
                (url.protocol === "https:" || url.hostname === "localhost" || url.hostname === "127.0.0.1") &&
                !url.hash
              );
            } catch {
              return false;
            }
          }),
        "comma-separated https addresses (http only on localhost), without #fragments",
      ),
  ),
  // Payout runs pay members owed at least this many cents, from the platform's own account (the
  // three PAYOUT_DEBTOR_* go together; unset: payouts are off).
  PAYOUT_MINIMUM_CENTS: optional(z.coerce.number().int().min(1)).default(5000),
  PAYOUT_DEBTOR_NAME: optional(z.string().trim().min(1).max(70)),
  PAYOUT_DEBTOR_IBAN: optional(z.string().transform(normalizeIban).refine(isValidIban, "not a valid IBAN")),
  PAYOUT_DEBTOR_BIC: optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "not a BIC (8 or 11 letters and digits)"),
  ),
  // Comma-separated IP-to-country lookup URLs with an {ip} placeholder; unset = no lookups.
  GEO_LOOKUP_URLS: optional(z.string()),
  // Addresses or CIDR ranges of the web tier instances, comma-separated: only their
  // X-Forwarded-For is believed. Default: loopback (web tier and API on one machine).
  API_TRUSTED_PROXIES: optional(z.string()),
  // End-to-end tests only: enables /api/test seeding with this token. Never set in production.
  E2E_SEED_TOKEN: optional(z.string().min(16)),
  // The whole request (headers and body) must arrive within this; Node answers an overrun 408.
  REQUEST_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(3600)).default(
    DEFAULT_REQUEST_TIMEOUT_SECONDS,
  ),
  // A request body that stops arriving this long is answered 408 and its connection closed.
  BODY_IDLE_SECONDS: optional(z.coerce.number().int().min(1).max(600)).default(DEFAULT_BODY_IDLE_MS / 1000),
  // On SIGTERM/SIGINT: how long requests under way (an upload) may run before they are cut.
  SHUTDOWN_GRACE_SECONDS: optional(z.coerce.number().int().min(0).max(3600)).default(20),
  // On SIGTERM/SIGINT, before that: how long readiness answers 503 while everything else is still
  // served, so a balancer takes the instance out before its port closes (0: no delay).
  SHUTDOWN_DELAY_SECONDS: optional(z.coerce.number().int().min(0).max(600)).default(5),
  LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])).default("info"),
  // Bearer token of GET /metrics (Prometheus, routes/metrics.ts); unset: no /metrics.
  METRICS_TOKEN: optional(z.string().min(METRICS_TOKEN_MIN_LENGTH)),
  // The operator's privacy policy and imprint, linked from every mail's footer; unset: no link.
  PRIVACY_URL: optional(z.url({ protocol: /^https?$/ })),
  IMPRINT_URL: optional(z.url({ protocol: /^https?$/ })),
  // The zone of every time a mail or a PDF shows (an IANA name); the web tier reads its own.
  APP_TIME_ZONE: optional(timeZoneSchema).default(DEFAULT_TIME_ZONE),
});

export type ServerEnv = z.infer<typeof serverEnvSchema> & { DATA_DIR: string };

/** Reads and validates the API's environment once; fails at start with every problem listed. */
export function loadServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = serverEnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid API configuration:\n${problems.join("\n")}`);
  }
  const env = parsed.data;
  // Without either key the SDK's default credential chain signs (instance or pod roles, AWS_*
  // variables); half a pair is a mistake, not a wish for the chain.
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      "Invalid API configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or " +
        "neither to use the AWS default credential chain",
    );
  }
  const webshop = [
    env.WEBSHOP_OIDC_CLIENT_ID,
    env.WEBSHOP_OIDC_CLIENT_SECRET,
    env.WEBSHOP_OIDC_REDIRECT_URIS,
  ];
  if (webshop.some(Boolean) && !webshop.every(Boolean)) {
    throw new Error(
      "Invalid API configuration:\n  WEBSHOP_OIDC_CLIENT_ID, WEBSHOP_OIDC_CLIENT_SECRET and WEBSHOP_OIDC_REDIRECT_URIS go " +
        "together: set all three, or none to keep the webshop's sign-in off",
    );
  }
  const debtor = [env.PAYOUT_DEBTOR_NAME, env.PAYOUT_DEBTOR_IBAN, env.PAYOUT_DEBTOR_BIC];
  if (debtor.some(Boolean) && !debtor.every(Boolean)) {
    throw new Error(
      "Invalid API configuration:\n  PAYOUT_DEBTOR_NAME, PAYOUT_DEBTOR_IBAN and PAYOUT_DEBTOR_BIC go together: " +
        "set all three, or none to keep payouts off",
    );
  }
  if (env.MAIL_TRANSPORT === "smtp" && !env.SMTP_URL) {
    throw new Error("Invalid API configuration:\n  MAIL_TRANSPORT is smtp, so SMTP_URL is required");
  }
  try {
    parseTrustedProxies(env.API_TRUSTED_PROXIES ?? "");
  } catch (error) {
    throw new Error(`Invalid API configuration:\n  API_TRUSTED_PROXIES: ${(error as Error).message}`);
  }
  const unsafe = productionProblems(env);
  if (unsafe.length > 0) {
    throw new Error(
      `Refusing to start with NODE_ENV=production:\n${unsafe.map((problem) => `  ${problem}`).join("\n")}`,
    );
  }
  return { ...env, DATA_DIR: path.resolve(env.DATA_DIR) };
}
