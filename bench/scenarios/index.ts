import path from "node:path";
import { systemApi } from "../../lib/api/system";
import { cpuProfileArgs, SLOW_START_MS, startApi } from "../api-server";
import {
  type BffSession,
  bffLogin,
  bffLoginAll,
  createSeedToken,
  type RotatingRefresh,
  rotatingRefreshSteps,
  roundRobinLoginSteps,
  seedUsers,
} from "../auth-load";
import { childEnv, findFreePort, projectRoot, runChildScript, startChildServer } from "../child-server";
import { withCleanups } from "../cleanup";
import { type LoadTarget, measure } from "../load-test";
import { createReferralToken } from "../referral-load";
import { resetFloodWithHealth } from "../reset-flood";
import { apiLoginAll, rotatingApiRefreshSteps } from "../session-load";
import { createTempDir } from "../temp-dir";
import { createBenchDatabase, PostgresUnreachableError, unlessUnreachable } from "../throwaway-postgres";
import { adminListScenario } from "./admin-list";
import { idleMemoryScenario } from "./idle-memory";
import { partnerScenario } from "./partner";
import { pdfHealthScenario } from "./pdf-health";
import { peerScenario } from "./peer";
import { pruneScenario } from "./prune";
import {
  measured,
  notMeasured,
  round,
  type Scenario,
  type ScenarioContext,
  type ScenarioResult,
} from "./result";

/**
 * Results a ratio divides: asking for one with `--only` measures the others too, in the same
 * run (`--only login` runs argon2-verify as well; `--only argon2` runs argon2-verify alone).
 */
const RATIO_PARTNERS: Record<string, string[]> = {
  "bff-health": ["api-health-direct", "web-healthz"],
  "api-health-direct": ["bff-health"],
  "login-api": ["argon2-verify"],
  // Each BFF call against its serial floor: the bare Next route and the same API call direct.
  "bff-me": ["web-healthz", "api-me"],
  "bff-refresh": ["web-healthz", "api-refresh"],
  "bff-referral-info": ["select-pglite", "web-healthz", "api-referral-info"],
  "peer-sign-in": ["login-api", "argon2-verify", "peer-argon2-verify"],
  "peer-get-session": ["api-me"],
};

/** The scenario names `--only` selects (all without filters), plus their ratio partners. */
export function wantedNames(filters: string[]): Set<string> {
  const all = scenarios.flatMap((scenario) => scenario.names);
  const wanted = new Set(
    all.filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter))),
  );
  // `--only peer` selects every peer result; their partners are ours.
  for (const name of [...wanted]) for (const partner of RATIO_PARTNERS[name] ?? []) wanted.add(partner);
  return wanted;
}

/**
 * The API's database for one scenario: PGlite in the API's temp DATA_DIR, or with `--db
 * postgres` a throwaway `bench_<random>` database (dropped by `drop`). An unreachable server
 * fails the scenario: PostgreSQL was asked for.
 */
async function apiDatabase(context: ScenarioContext): Promise<{
  settings: Record<string, string>;
  label: string;
  drop: () => Promise<void>;
}> {
  if (context.db === "pglite") return { settings: {}, label: "PGlite", drop: async () => {} };
  const database = await createBenchDatabase();
  return { settings: { DATABASE_URL: database.url }, label: "PostgreSQL", drop: database.drop };
}

const WEB_SERVER = path.join(projectRoot, "scripts/web-server.mjs");
const SEEDED_USERS = 10_000;
// login-api logs in round-robin over this many users: with 20 connections an account's next
// login starts long after its last one ended (the per-account throttle counts attempts in flight).
const LOGIN_USERS = 200;
// The reset flood is measured by count: 200 anonymous calls with made-up tokens.
const RESET_FLOOD_CALLS = 200;
function tsxArgs(script: string) {
  return ["--import", "tsx", script];
}

async function startWeb(
  port: number,
  apiUrl: string,
  readyPath: string,
  readyStatus: number,
  verbose: boolean,
) {
  // The way users get it (scripts/start.mjs): Next's request handler behind a plain Node HTTP
  // server that sets X-Forwarded-For from the socket. It listens on every interface.
  return startChildServer({
    name: "web",
    args: [...cpuProfileArgs("BENCH_WEB_CPU_PROF"), WEB_SERVER],
    env: childEnv({ PORT: String(port), API_URL: apiUrl, PUBLIC_URL: `http://127.0.0.1:${port}` }),
    readyUrl: `http://127.0.0.1:${port}${readyPath}`,
    isReady: (status) => status === readyStatus,
    readyTimeoutMs: SLOW_START_MS,
    verbose,
  });
}

/** One measurement of `target` on a server started for it, which is stopped afterwards. */
async function measureThenStop(
  server: { stop(): Promise<void> },
  context: ScenarioContext,
  name: string,
  target: LoadTarget,
  notes: string,
): Promise<ScenarioResult[]> {
  try {
    return [measured(name, await measure(target, context.settings), notes, target.expectedStatus)];
  } finally {
    await server.stop();
  }
}

const randomUserPath = () => `/user?i=${Math.floor(Math.random() * SEEDED_USERS)}`;

function progress(message: string) {
  console.error(`[bench]   ${message}`);
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

type Argon2Result = {
  opsPerSecond: number;
  operations: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  concurrency: number;
  algorithm: string;
  parameters: string;
  hashMs: number;
  threadPoolSize: number;
  gateLimit: number;
};

type MemorySample = { rssMb: number; heapUsedMb: number; heapTotalMb: number };
type ContractPdfResult = {
  generations: number;
  warmupGenerations: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  coldMs: number;
  averagePdfKb: number;
  signatureBytes: number;
  stampBytes: number;
  template: string;
  memory: { before: MemorySample; after: MemorySample; afterGc: MemorySample };
  gcExposed: boolean;
};

// Contract PDFs are measured by count, not by time: the brief's 200 in a row after a warm-up.
const CONTRACT_PDF_GENERATIONS = 200;
const CONTRACT_PDF_WARMUP = 10;

async function measureSelect(
  name: string,
  database: { BENCH_DATA_DIR: string } | { BENCH_DATABASE_URL: string },
  context: ScenarioContext,
): Promise<ScenarioResult> {
  const port = await findFreePort();
  const server = await startChildServer({
    name,
    args: tsxArgs("bench/servers/select-server.ts"),
    env: childEnv({ PORT: String(port), BENCH_USERS: String(SEEDED_USERS), ...database }),
    readyUrl: `http://127.0.0.1:${port}/info`,
    readyTimeoutMs: SLOW_START_MS,
    verbose: context.verbose,
  });
  try {
    const info = (await (await fetch(`http://127.0.0.1:${port}/info`)).json()) as { plan: string };
    const planTop = info.plan.split("\n")[0]?.replace(/\s+\(cost=.*$/, "") ?? "unknown plan";
    const measurement = await measure(
      { url: `http://127.0.0.1:${port}`, nextPath: randomUserPath },
      context.settings,
    );
    return measured(name, measurement, `${SEEDED_USERS} users, random row per request; plan: ${planTop}`);
  } finally {
    await server.stop();
  }
}

export const scenarios: Scenario[] = [
  {
    names: ["hono-hello-json"],
    needsNextBuild: false,
    async run(context) {
      const port = await findFreePort();
      const server = await startChildServer({
        name: "hono-hello",
        args: tsxArgs("bench/servers/hono-hello.ts"),
        env: childEnv({ PORT: String(port) }),
        readyUrl: `http://127.0.0.1:${port}/`,
        verbose: context.verbose,
      });
      return measureThenStop(
        server,
        context,
        "hono-hello-json",
        { url: `http://127.0.0.1:${port}/` },
        "bare Hono + @hono/node-server: the floor",
      );
    },
  },
  {
    names: ["api-health"],
    needsNextBuild: false,
    async run(context) {
      const api = await startApi({ label: "api", verbose: context.verbose });
      return measureThenStop(
        api,
        context,
        "api-health",
        { url: `${api.url}/api/health` },
        "server/main.ts on PGlite; one `select 1` per request",
      );
    },
  },
  {
    names: ["select-pglite"],
    needsNextBuild: false,
    async run(context) {
      const temp = createTempDir("pglite");
      try {
        return [
          await measureSelect("select-pglite", { BENCH_DATA_DIR: path.join(temp.dir, "pglite") }, context),
        ];
      } finally {
        await temp.remove();
      }
    },
  },
  {
    names: ["select-postgres"],
    needsNextBuild: false,
    async run(context) {
      const database = await unlessUnreachable(createBenchDatabase);
      if (database instanceof PostgresUnreachableError) {
        return [notMeasured("select-postgres", "skipped", database.message)];
      }
      try {
        const result = await measureSelect("select-postgres", { BENCH_DATABASE_URL: database.url }, context);
        result.notes += "; pg pool of 10";
        return [result];
      } finally {
        await database.drop();
      }
    },
  },
  {
    names: ["argon2-verify"],
    needsNextBuild: false,
    async run(context) {
      const { settings } = context;
      const result = await runChildScript<Argon2Result>({
        name: "argon2-verify",
        args: tsxArgs("bench/servers/argon2-verify.ts"),
        env: childEnv({
          // As many verifications in flight as login-api keeps logins in flight.
          BENCH_CONCURRENCY: String(settings.connections),
          BENCH_WARMUP_SECONDS: String(settings.warmupSeconds),
          BENCH_DURATION_SECONDS: String(settings.durationSeconds),
        }),
        timeoutMs: (settings.warmupSeconds + settings.durationSeconds) * 1000 + SLOW_START_MS,
        verbose: context.verbose,
      });
      return [
        {
          name: "argon2-verify",
          requestsPerSecond: round(result.opsPerSecond, 1),
          p50Ms: result.p50Ms,
          p99Ms: result.p99Ms,
          errors: result.failures,
          non2xx: null,
          notes:
            `no HTTP: req/s = ${result.algorithm} (${result.parameters}) verifications/s in a child process, ` +
            `verifyPassword of server/domain/auth/passwords.ts with ${result.concurrency} in flight ` +
            `(at most ${result.gateLimit} at once through its argon2 gate, libuv thread pool ${result.threadPoolSize}); p50/p99 per verification; errors = mismatches; ` +
            `hashing the one password (cold) took ${result.hashMs} ms`,
          status: "measured",
        },
      ];
    },
  },
  {
    names: ["contract-pdf"],
    needsNextBuild: false,
    async run(context) {
      const warmup = context.settings.warmupSeconds > 0 ? CONTRACT_PDF_WARMUP : 0;
      const result = await runChildScript<ContractPdfResult>({
        name: "contract-pdf",
        // --expose-gc: the "after GC" figure shows what the generations left behind.
        args: ["--expose-gc", ...tsxArgs("bench/servers/contract-pdf.ts")],
        env: childEnv({
          BENCH_WARMUP_GENERATIONS: String(warmup),
          BENCH_GENERATIONS: String(CONTRACT_PDF_GENERATIONS),
        }),
        // ≈ 0.1-0.4 s a PDF here; generous for a busy machine.
        timeoutMs: SLOW_START_MS + (warmup + CONTRACT_PDF_GENERATIONS) * 2_000,
        verbose: context.verbose,
      });
      const { before, after, afterGc } = result.memory;
      return [
        {
          name: "contract-pdf",
          requestsPerSecond: round(result.perSecond, 1),
          p50Ms: result.p50Ms,
          p99Ms: result.p99Ms,
          errors: 0,
          non2xx: null,
          notes:
            `no HTTP: req/s = PDFs/s, ${result.generations} sequential generations after ${result.warmupGenerations} ` +
            `warm-up ones (the first, cold: ${result.coldMs} ms) in a child process on in-memory PGlite; each loads ` +
            `the template version and the active stamp, sanitizes and fills the HTML and renders ${result.template} ` +
            `with a ${result.signatureBytes} B signature PNG and a ${result.stampBytes} B stamp PNG ` +
            `(≈ ${result.averagePdfKb} KB a PDF); max ${result.maxMs} ms; ` +
            `RSS ${before.rssMb} → ${after.rssMb} MB (${afterGc.rssMb} after GC), heap used ${before.heapUsedMb} → ` +
            `${after.heapUsedMb} MB (${afterGc.heapUsedMb} after GC)`,
          status: "measured",
          memory: { before, after, afterGc },
        },
      ];
    },
  },
  {
    names: ["login-api"],
    needsNextBuild: false,
    run: (context) =>
      withCleanups(async (undoLater) => {
        const database = await apiDatabase(context);
        undoLater(database.drop);
        const seedToken = createSeedToken();
        const api = await startApi({
          label: "login",
          verbose: context.verbose,
          settings: { E2E_SEED_TOKEN: seedToken, LOG_LEVEL: "warn", ...database.settings },
        });
        undoLater(api.stop);
        const started = Date.now();
        const emails = await seedUsers(api.url, seedToken, "login", LOGIN_USERS);
        progress(`seeded ${emails.length} users in ${seconds(started)}`);
        const requests = roundRobinLoginSteps(emails);
        const measurement = await measure({ url: `${api.url}/api/auth/login`, requests }, context.settings);
        return [
          measured(
            "login-api",
            measurement,
            `POST /api/auth/login on the API directly (${database.label}, LOG_LEVEL=warn), round-robin over ` +
              `${emails.length} seeded users, all from 127.0.0.1; each: rate-limit counts, user ` +
              "lookup, argon2id verify, session + refresh token, audit row, EdDSA access token; each " +
              "account from a browser of its own (its device token sent back), so only its first " +
              `sign-in is from a new browser (${requests.signIns().newBrowser} in warm-up and run)`,
          ),
        ];
      }),
  },
  {
    names: ["reset-flood-health", "reset-flood-health-many-ips"],
    needsNextBuild: false,
    async run(context) {
      const api = await startApi({
        label: "reset-flood",
        verbose: context.verbose,
        settings: { LOG_LEVEL: "warn" },
      });
      try {
        const results: ScenarioResult[] = [];
        // One address (the per-IP limit answers 429 after 10), then one address per call (no
        // limit applies; only the token lookup before the hash keeps argon2 out of it).
        const floods = [
          { name: "reset-flood-health", forwardedFor: undefined, who: "all from 127.0.0.1" },
          {
            name: "reset-flood-health-many-ips",
            forwardedFor: (index: number) => `10.77.${index >> 8}.${index & 255}`,
            who: "each with its own X-Forwarded-For",
          },
        ];
        for (const flood of floods.filter((candidate) => context.wanted.has(candidate.name))) {
          const result = await resetFloodWithHealth(api.url, {
            calls: RESET_FLOOD_CALLS,
            concurrency: context.settings.connections,
            forwardedFor: flood.forwardedFor,
          });
          results.push({
            name: flood.name,
            requestsPerSecond: round((result.calls / result.floodMs) * 1000, 1),
            p50Ms: result.healthP50Ms,
            p99Ms: result.healthP99Ms,
            errors: result.healthFailures,
            non2xx: null,
            notes:
              `${result.calls} POST /api/auth/reset-password with made-up tokens (${flood.who}), ` +
              `${result.concurrency} in flight, answered ${JSON.stringify(result.statusCodes)} in ` +
              `${result.floodMs} ms (req/s = these calls); p50/p99 = GET /api/health sampled back to back ` +
              `meanwhile (${result.healthSamples} samples, max ${result.healthMaxMs} ms; goal p99 < 200 ms)` +
              (result.statusCodes["200"] ? "; WARNING: a made-up token was accepted" : ""),
            status: "measured",
            statusCodes: result.statusCodes,
          });
        }
        return results;
      } finally {
        await api.stop();
      }
    },
  },
  {
    names: ["next-ssr-404"],
    needsNextBuild: true,
    async run(context) {
      const port = await findFreePort();
      // The not-found page renders without the API; the URL only has to be valid.
      const web = await startWeb(port, "http://127.0.0.1:9", "/bench-missing-page", 404, context.verbose);
      return measureThenStop(
        web,
        context,
        "next-ssr-404",
        { url: `http://127.0.0.1:${port}/bench-missing-page`, expectedStatus: 404 },
        "scripts/web-server.mjs, SSR of the not-found page (proxy + next-intl); 404 is the expected answer",
      );
    },
  },
  {
    names: ["bff-health", "api-health-direct"],
    needsNextBuild: true,
    async run(context) {
      return withCleanups(async (undoLater) => {
        const database = await apiDatabase(context);
        undoLater(database.drop);
        const api = await startApi({ label: "bff", verbose: context.verbose, settings: database.settings });
        undoLater(api.stop);
        const webPort = await findFreePort();
        const web = await startWeb(webPort, api.url, systemApi.health.path, 200, context.verbose);
        undoLater(web.stop);
        // Back to back, same settings, both processes up for both runs.
        const throughBff = await measure({ url: `http://127.0.0.1:${webPort}/api/health` }, context.settings);
        const direct = await measure({ url: `${api.url}/api/health` }, context.settings);
        return [
          measured(
            "bff-health",
            throughBff,
            `browser → web-server.mjs (BFF route) → API → ${database.label}`,
          ),
          measured("api-health-direct", direct, "same API, called directly while the web tier idles"),
        ];
      });
    },
  },
  adminListScenario,
  pruneScenario,
  partnerScenario,
  pdfHealthScenario,
  idleMemoryScenario,
  {
    names: [
      "web-healthz",
      "api-me",
      "bff-me",
      "api-referral-info",
      "bff-referral-info",
      "api-refresh",
      "bff-refresh",
    ],
    needsNextBuild: true,
    async run(context) {
      const { settings, wanted, verbose } = context;
      return withCleanups(async (undoLater) => {
        const database = await apiDatabase(context);
        undoLater(database.drop);
        const seedToken = createSeedToken();
        const api = await startApi({
          label: "session",
          verbose,
          settings: { E2E_SEED_TOKEN: seedToken, LOG_LEVEL: "warn", ...database.settings },
        });
        undoLater(api.stop);
        const apiUrl = api.url;
        const webPort = await findFreePort();
        const webUrl = `http://127.0.0.1:${webPort}`;
        const web = await startWeb(webPort, apiUrl, "/healthz", 200, verbose);
        undoLater(web.stop);
        // Users and sessions first, so the measurements below run back to back.
        const wantMe = wanted.has("bff-me") || wanted.has("api-me");
        // One session per connection, for the warm-up's connections and the measured run's.
        const sessionsPerRun = settings.connections * (settings.warmupSeconds > 0 ? 2 : 1);
        const refreshSessions = wanted.has("bff-refresh") ? sessionsPerRun : 0;
        const apiRefreshSessions = wanted.has("api-refresh") ? sessionsPerRun : 0;
        const started = Date.now();
        const wantInfo = wanted.has("bff-referral-info") || wanted.has("api-referral-info");
        const emails = await seedUsers(
          apiUrl,
          seedToken,
          "session",
          refreshSessions + apiRefreshSessions + (wantMe ? 1 : 0),
        );
        const infoToken = wantInfo ? await createReferralToken(apiUrl, webUrl, seedToken) : undefined;
        let meSession: BffSession | undefined;
        if (wantMe) {
          meSession = await bffLogin(webUrl, emails[0] as string);
          const check = await fetch(`${webUrl}/api/auth/me`, {
            headers: { cookie: `pp_at=${meSession.accessCookie}` },
          });
          const body = await check.text();
          if (check.status !== 200) throw new Error(`GET /api/auth/me answered ${check.status}: ${body}`);
        }
        const refreshEmails = emails.slice(wantMe ? 1 : 0);
        const sessions = await bffLoginAll(webUrl, refreshEmails.slice(0, refreshSessions));
        const apiSessions = await apiLoginAll(apiUrl, refreshEmails.slice(refreshSessions));
        if (emails.length > 0) {
          progress(`seeded ${emails.length} users and logged each in through the BFF in ${seconds(started)}`);
        }

        const results: ScenarioResult[] = [];
        // A target is undefined when what it needs (a session, a referral token) was not set up.
        const measureWanted = async (name: string, target: LoadTarget | undefined, notes: string) => {
          if (target && wanted.has(name))
            results.push(measured(name, await measure(target, settings), notes));
        };
        await measureWanted(
          "web-healthz",
          { url: `${webUrl}/healthz` },
          "bare Next route handler (app/healthz/route.ts) on web-server.mjs: the web tier's floor",
        );
        await measureWanted(
          "api-me",
          meSession && {
            url: `${apiUrl}/api/auth/me`,
            headers: { authorization: `Bearer ${meSession.accessCookie}` },
          },
          `GET /api/auth/me with a Bearer token on the API directly (EdDSA verify; session, user, ` +
            `permissions and profile from ${database.label})`,
        );
        await measureWanted(
          "bff-me",
          meSession && {
            url: `${webUrl}/api/auth/me`,
            headers: { cookie: `pp_at=${meSession.accessCookie}` },
          },
          "GET /api/auth/me with a pp_at cookie from one BFF login: web-server.mjs (BFF, cookie → " +
            `Bearer) → API (EdDSA verify; session, user, permissions from ${database.label})`,
        );
        await measureWanted(
          "api-referral-info",
          infoToken ? { url: `${apiUrl}/api/referral/info/${infoToken}` } : undefined,
          `GET /api/referral/info/{token} on the API directly (${database.label})`,
        );
        await measureWanted(
          "bff-referral-info",
          infoToken ? { url: `${webUrl}/api/referral/info/${infoToken}` } : undefined,
          "GET /api/referral/info/{token} (public, as /register calls it) through web-server.mjs → API " +
            `(link by token joined with its owner, ${database.label}); compare with select-pglite, the one-SELECT floor`,
        );
        // Each request sends the token its connection got last; one sent twice was no rotation.
        const measureRotation = async (
          name: string,
          /** The API's or the web tier's URL. */
          baseUrl: string,
          rotating: RotatingRefresh,
          /** What an answer brings the next token in. */
          carrier: string,
          description: string,
        ) => {
          const measurement = await measure(
            { url: `${baseUrl}/api/auth/refresh`, requests: rotating.steps },
            settings,
          );
          const result = measured(
            name,
            measurement,
            `${description}; sessions used: ${rotating.claimed()} of ${rotating.sessions}; answers without a new ` +
              `${carrier}: ${rotating.missingToken()}; tokens sent twice: ${rotating.repeatedTokens()}`,
          );
          if (rotating.repeatedTokens() > 0) {
            result.notes += "; WARNING: some requests were no rotation (a token sent twice)";
          }
          return result;
        };
        if (apiRefreshSessions > 0) {
          const description =
            "POST /api/auth/refresh on the API directly, one session per connection, each request sends " +
            "the refresh token its connection got last (a real rotation each time)";
          results.push(
            await measureRotation(
              "api-refresh",
              apiUrl,
              rotatingApiRefreshSteps(apiSessions),
              "token",
              description,
            ),
          );
        }
        if (refreshSessions > 0) {
          const rotating = rotatingRefreshSteps(sessions, new URL(webUrl).origin);
          const description =
            "POST /api/auth/refresh with Origin through web-server.mjs, one BFF-logged-in session per " +
            "connection (autocannon steps with per-connection state), each request sends the pp_rt " +
            "its connection got last, so each is a real rotation (lookup, rotate in a transaction, " +
            "new access token, Set-Cookie)";
          const result = await measureRotation("bff-refresh", webUrl, rotating, "pp_rt", description);
          if (rotating.claimed() !== refreshSessions) {
            result.notes += `; WARNING: expected ${refreshSessions} connections to take a session each`;
          }
          results.push(result);
        }
        return results;
      });
    },
  },
  peerScenario,
];

export { notMeasured, type ScenarioResult } from "./result";
