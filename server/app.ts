import crypto from "node:crypto";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import type { Logger } from "pino";
import { FILES_PREFIX, systemApi, TEST_SEED_PREFIX } from "../lib/api/system";
import { METRICS_PATH } from "../lib/runtime/metrics-shared.mjs";
import type { DatabaseHandle } from "./db";
import { isDatabaseUnavailable } from "./db";
import type { AuthConfig, AuthDeps } from "./domain/auth/auth-deps";
import type { MailOutbox } from "./domain/mail/outbox";
import type { PayoutConfig } from "./domain/partner/payouts";
import type { WebshopClient } from "./domain/webshop/oidc-provider";
import { AppError, errorBody } from "./errors";
import { type AppEnv, peerAddress, validationHook } from "./http";
import {
  DEFAULT_TRUSTED_PROXIES,
  parseTrustedProxies,
  resolveClientIp,
  type TrustedProxies,
} from "./infra/client-ip";
import { DEFAULT_BODY_IDLE_MS } from "./infra/http/body-idle";
import type { LogRingBuffer } from "./infra/logging/logger";
import type { AppMetrics } from "./infra/metrics/app-metrics";
import { deriveSecret } from "./infra/secrets";
import type { ObjectStorage } from "./infra/storage/types";
import type { TokenService } from "./infra/tokens";
import { registerAccountRoutes } from "./routes/account";
import { registerAccountNotificationRoutes } from "./routes/account-notifications";
import { registerAccountSecurityRoutes } from "./routes/account-security";
import { registerAdminReferralRoutes } from "./routes/admin-referrals";
import { registerAdminUsersRoutes } from "./routes/admin-users";
import { registerAdminVerificationRoutes } from "./routes/admin-verification";
import { registerAuthRoutes } from "./routes/auth";
import { createBackupRoutes } from "./routes/backup";
import { registerCompanyStampRoutes } from "./routes/company-stamps";
import { registerContractResignRoutes } from "./routes/contract-resign";
import { registerContractTemplateRoutes } from "./routes/contract-templates";
import { registerContractRoutes } from "./routes/contracts";
import { createFilesRoutes } from "./routes/files";
import { registerGeoRoutes } from "./routes/geo";
import { registerIdExpiryRoutes } from "./routes/id-expiry";
import { defaultBodyLimit } from "./routes/json-body-limit";
import { registerMetricsRoute } from "./routes/metrics";
import { registerNewsRoutes } from "./routes/news";
import { registerOnboardingRoutes } from "./routes/onboarding";
import { registerPartnerRoutes } from "./routes/partner";
import { registerProfileRoutes } from "./routes/profile";
import { registerReferralRoutes } from "./routes/referrals";
import type { MemberRouteDeps } from "./routes/route-deps";
import { HEALTH_PATHS, registerSystemRoutes } from "./routes/system";
import { createTestSeedRoutes, decideTestSeedMount } from "./routes/test-seed";
import { registerTwoFactorRoutes } from "./routes/two-factor";
import { registerUploadRoutes } from "./routes/uploads";
import { registerWebshopOidcRoutes } from "./routes/webshop-oidc";

type AppConfig = {
  publicUrl: string;
  storageSigningSecret: string;
  /** Signing secrets before a rotation: their download URLs are served until they expire. */
  storagePreviousSigningSecrets?: string[];
  auth: Omit<AuthConfig, "publicUrl">;
  /** IP-to-country lookups for the phone field's default; empty = off. */
  geoLookupUrls?: string[];
  /** Set only for end-to-end tests: mounts /api/test (routes/test-seed.ts) on a loopback apiHost. */
  testSeedToken?: string;
  /** The address the API listens on; the test seeding routes refuse anything but loopback. */
  apiHost?: string;
  /** Peers whose X-Forwarded-For names the client (the web tier); loopback when unset. */
  trustedProxies?: TrustedProxies;
  /** On the embedded database: the token of POST /internal/backup (routes/backup.ts). */
  backupToken?: string;
  /** A request body that stops arriving this long is answered 408; DEFAULT_BODY_IDLE_MS when unset. */
  bodyIdleMs?: number;
  /** METRICS_TOKEN: mounts GET /metrics (routes/metrics.ts) for scrapers that send it. */
  metricsToken?: string;
  /** WEBSHOP_OIDC_*: the webshop, the identity provider's one client; unset: the provider is off. */
  webshopOidc?: WebshopClient;
  /** PAYOUT_*: the payout minimum and the platform's own account; no account: payouts are off. */
  payouts?: PayoutConfig;
};

export type AppDeps = {
  config: AppConfig;
  database: DatabaseHandle;
  storage: ObjectStorage;
  /** Mails go into the outbox; a sender (domain/mail/sender.ts) delivers them. */
  mail: MailOutbox;
  logger: Logger;
  logs: LogRingBuffer;
  tokens: TokenService;
  /** This instance's metrics (domain/system/api-metrics.ts), shared with the mail sender and jobs. */
  metrics: AppMetrics;
  startedAt?: number;
  /** True once the process was told to stop (main.ts): readiness then answers 503. */
  isStopping?: () => boolean;
};

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * The route a request matched, as registered (`/api/referral/info/:token`), never the path it
 * came with: paths and query strings carry link tokens, reset tokens and download signatures.
 * The last matched route is the handler's; middleware (method ALL) is skipped.
 */
function routePattern(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  for (let index = routes.length - 1; index >= 0; index--) {
    const route = routes[index];
    if (route && route.method !== "ALL") return route.path;
  }
  return "(no route)";
}

/**
 * The headers of the answer a handler made, to add to in place. Hono's `c.header` on a finished
 * answer copies the whole response each time (the Node adapter then builds a Fetch Response and
 * streams its body instead of writing the string it holds), which for five headers on every
 * request cost more than the handler of a session read. An answer whose headers cannot change
 * (a fetched response passed on) is copied once instead.
 */
function responseHeaders(c: Context<AppEnv>): Headers {
  try {
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    c.res = new Response(c.res.body, c.res);
  }
  return c.res.headers;
}

/** Builds the API from its dependencies; main.ts serves it, tests call app.request(). */
export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const startedAt = deps.startedAt ?? Date.now();
  const trustedProxies = deps.config.trustedProxies ?? parseTrustedProxies(DEFAULT_TRUSTED_PROXIES);

  // The one line per request holds only its id, method, route pattern, status and duration, all
  // made here: it skips the redaction pass, which cost more than writing the line.
  const requestLines = deps.logger.child({}, { redact: [] });
  app.use("*", async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : crypto.randomUUID();
    const log = deps.logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    c.set("clientIp", resolveClientIp(peerAddress(c), c.req.header("x-forwarded-for"), trustedProxies));
    c.set("bodyIdleMs", deps.config.bodyIdleMs ?? DEFAULT_BODY_IDLE_MS);
    const started = performance.now();
    await next();
    const headers = responseHeaders(c);
    headers.set("X-Request-Id", requestId);
    // JSON answers are never cached and never rendered as a document.
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "no-referrer");
    if (!headers.has("Content-Security-Policy")) {
      headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
    }
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
    // Probes and scrapes come every few seconds: neither logged nor measured.
    if (!HEALTH_PATHS.has(c.req.path) && c.req.path !== METRICS_PATH) {
      const route = routePattern(c);
      const ms = performance.now() - started;
      deps.metrics.observeRequest({ method: c.req.method, route, status: c.res.status, seconds: ms / 1000 });
      requestLines.info(
        {
          requestId,
          method: c.req.method,
          route,
          status: c.res.status,
          ms: Math.round(ms),
        },
        "request",
      );
    }
  });

  // Every body is capped before its route reads it; routes that take more (uploads, template
  // HTML, signature images) name their own cap (routes/json-body-limit.ts).
  app.use("*", defaultBodyLimit());

  registerSystemRoutes(app, {
    database: deps.database,
    storage: deps.storage,
    startedAt,
    isStopping: deps.isStopping,
  });
  const authDeps: AuthDeps = {
    db: deps.database.db,
    tokens: deps.tokens,
    mail: deps.mail,
    logger: deps.logger,
    config: { ...deps.config.auth, publicUrl: deps.config.publicUrl },
    metrics: deps.metrics,
  };
  registerAuthRoutes(app, authDeps);
  registerAccountSecurityRoutes(app, authDeps);
  registerAccountNotificationRoutes(app, authDeps);
  registerTwoFactorRoutes(app, authDeps);
  registerAccountRoutes(app, { ...authDeps, storage: deps.storage });
  const memberDeps: MemberRouteDeps = {
    db: deps.database.db,
    tokens: deps.tokens,
    mail: deps.mail,
    logger: deps.logger,
    storage: deps.storage,
    publicUrl: deps.config.publicUrl,
    codeSecret: deps.config.auth.codeSecret,
    metrics: deps.metrics,
  };
  registerOnboardingRoutes(app, memberDeps);
  registerNewsRoutes(app, memberDeps);
  if (deps.config.webshopOidc) {
    registerWebshopOidcRoutes(
      app,
      { ...memberDeps, cookieSecret: deps.config.auth.codeSecret },
      deps.config.webshopOidc,
    );
  }
  registerPartnerRoutes(app, memberDeps, deps.config.payouts ?? { minimumCents: 5000, debtor: null });
  registerProfileRoutes(app, memberDeps);
  registerUploadRoutes(app, memberDeps);
  registerIdExpiryRoutes(app, memberDeps);
  registerContractTemplateRoutes(app, memberDeps);
  registerCompanyStampRoutes(app, memberDeps);
  registerContractRoutes(app, memberDeps);
  registerContractResignRoutes(app, memberDeps);
  registerAdminUsersRoutes(app, { ...memberDeps, startedAt, logs: deps.logs });
  registerAdminVerificationRoutes(app, { ...memberDeps, startedAt, logs: deps.logs });
  registerGeoRoutes(app, {
    db: deps.database.db,
    lookupUrls: deps.config.geoLookupUrls ?? [],
    budgetMs: 2_000,
  });
  registerReferralRoutes(app, {
    db: deps.database.db,
    tokens: deps.tokens,
    mail: deps.mail,
    publicUrl: deps.config.publicUrl,
    visitorSecret: deriveSecret(deps.config.auth.codeSecret, "referral-visitors"),
  });
  registerAdminReferralRoutes(app, { db: deps.database.db, tokens: deps.tokens });
  const { testSeedToken } = deps.config;
  if (testSeedToken && decideTestSeedMount(testSeedToken, deps.config.apiHost).mount) {
    app.route(
      TEST_SEED_PREFIX,
      createTestSeedRoutes({
        db: deps.database.db,
        token: testSeedToken,
        totpSecretKey: deps.config.auth.totpSecretKey,
      }),
    );
  }
  app.route(
    FILES_PREFIX,
    createFilesRoutes({
      storage: deps.storage,
      signingSecret: deps.config.storageSigningSecret,
      previousSigningSecrets: deps.config.storagePreviousSigningSecrets,
    }),
  );

  if (deps.config.metricsToken) {
    registerMetricsRoute(app, { metrics: deps.metrics, token: deps.config.metricsToken });
  }

  if (deps.config.backupToken && deps.database.pglite) {
    app.route(
      "/internal",
      createBackupRoutes({ pglite: deps.database.pglite, token: deps.config.backupToken }),
    );
  }

  app.doc31(systemApi.openapi.path, {
    openapi: "3.1.0",
    info: { title: "Partner platform API", version: "1.0.0" },
  });

  app.notFound((c) => c.json(errorBody("NOT_FOUND"), 404));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      // A refusal that knows how long to wait (rate limit, busy renderer) says so in a header
      // too, which clients and proxies understand without reading the body.
      const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (typeof seconds === "number" && (error.status === 429 || error.status === 503)) {
        c.header("Retry-After", String(Math.max(1, Math.ceil(seconds))));
      }
      return c.json(error.toBody(), error.status);
    }
    if (isDatabaseUnavailable(error)) {
      c.var.log?.error({ err: error }, "database unavailable");
      c.header("Retry-After", "5");
      return c.json(errorBody("SERVICE_UNAVAILABLE"), 503);
    }
    // Hono's own HTTP errors (malformed JSON body, body limit) carry a status.
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      const code = status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST";
      return c.json(errorBody(code), status === 413 ? 413 : 400);
    }
    (c.var.log ?? deps.logger).error({ err: error }, "unhandled error");
    return c.json(errorBody("INTERNAL"), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
