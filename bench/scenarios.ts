import path from "node:path";
import { childEnv, findFreePort, projectRoot, startChildServer } from "./child-server";
import { type LoadSettings, type Measurement, measure } from "./load-test";
import { createTempDir } from "./temp-dir";
import {
  createThrowawayDatabase,
  DEFAULT_POSTGRES_URL,
  PostgresUnreachableError,
  redactUrl,
} from "./throwaway-postgres";

export type ScenarioResult = {
  name: string;
  /** null when the scenario was skipped or failed. */
  requestsPerSecond: number | null;
  p50Ms: number | null;
  p99Ms: number | null;
  errors: number | null;
  non2xx: number | null;
  notes: string;
  status: "measured" | "skipped" | "failed";
  expectedStatus?: number;
  unexpectedStatus?: number;
  statusCodes?: Record<string, number>;
};

export type ScenarioContext = { settings: LoadSettings; verbose: boolean };

export type Scenario = {
  /** The names of the results it produces (what `--only` matches against). */
  names: string[];
  needsNextBuild: boolean;
  run(context: ScenarioContext): Promise<ScenarioResult[]>;
};

const NEXT_BIN = path.join(projectRoot, "node_modules/next/dist/bin/next");
const SEEDED_USERS = 10_000;
// Next's first start reads the whole build; PGlite's first open with migrations takes ≈ 3 s.
const SLOW_START_MS = 120_000;

function measured(name: string, measurement: Measurement, notes: string, expectedStatus?: number) {
  const result: ScenarioResult = {
    name,
    requestsPerSecond: round(measurement.requestsPerSecond, 1),
    p50Ms: measurement.p50Ms,
    p99Ms: measurement.p99Ms,
    errors: measurement.errors,
    non2xx: measurement.non2xx,
    notes,
    status: "measured",
    ...(expectedStatus ? { expectedStatus } : {}),
    unexpectedStatus: measurement.unexpectedStatus,
    statusCodes: measurement.statusCodes,
  };
  if (measurement.unexpectedStatus > 0) {
    result.notes += `; WARNING: ${measurement.unexpectedStatus} answers with an unexpected status (${JSON.stringify(measurement.statusCodes)})`;
  }
  return result;
}

export function notMeasured(name: string, status: "skipped" | "failed", notes: string): ScenarioResult {
  return {
    name,
    requestsPerSecond: null,
    p50Ms: null,
    p99Ms: null,
    errors: null,
    non2xx: null,
    notes,
    status,
  };
}

function round(value: number, digits: number) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function tsxArgs(script: string) {
  return ["--import", "tsx", script];
}

async function startApi(dataDir: string, port: number, verbose: boolean) {
  return startChildServer({
    name: "api",
    args: tsxArgs("server/main.ts"),
    env: childEnv({ DATA_DIR: dataDir, API_PORT: String(port), API_HOST: "127.0.0.1" }),
    readyUrl: `http://127.0.0.1:${port}/api/health`,
    readyTimeoutMs: SLOW_START_MS,
    verbose,
  });
}

async function startWeb(
  port: number,
  apiUrl: string,
  readyPath: string,
  readyStatus: number,
  verbose: boolean,
) {
  return startChildServer({
    name: "web",
    args: [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"],
    env: childEnv({ API_URL: apiUrl, PUBLIC_URL: `http://127.0.0.1:${port}` }),
    readyUrl: `http://127.0.0.1:${port}${readyPath}`,
    isReady: (status) => status === readyStatus,
    readyTimeoutMs: SLOW_START_MS,
    verbose,
  });
}

const randomUserPath = () => `/user?i=${Math.floor(Math.random() * SEEDED_USERS)}`;

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
      try {
        const measurement = await measure({ url: `http://127.0.0.1:${port}/` }, context.settings);
        return [measured("hono-hello-json", measurement, "bare Hono + @hono/node-server: the floor")];
      } finally {
        await server.stop();
      }
    },
  },
  {
    names: ["api-health"],
    needsNextBuild: false,
    async run(context) {
      const temp = createTempDir("api");
      try {
        const port = await findFreePort();
        const api = await startApi(temp.dir, port, context.verbose);
        try {
          const measurement = await measure({ url: `http://127.0.0.1:${port}/api/health` }, context.settings);
          return [
            measured("api-health", measurement, "server/main.ts on PGlite; one `select 1` per request"),
          ];
        } finally {
          await api.stop();
        }
      } finally {
        await temp.remove();
      }
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
      const adminUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES_URL;
      let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
      try {
        database = await createThrowawayDatabase(adminUrl);
      } catch (error) {
        if (error instanceof PostgresUnreachableError) {
          return [notMeasured("select-postgres", "skipped", error.message)];
        }
        throw error;
      }
      console.error(`[bench]   throwaway database ${database.name} on ${redactUrl(adminUrl)}`);
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
    names: ["next-ssr-404"],
    needsNextBuild: true,
    async run(context) {
      const port = await findFreePort();
      // The not-found page renders without the API; the URL only has to be valid.
      const web = await startWeb(port, "http://127.0.0.1:9", "/bench-missing-page", 404, context.verbose);
      try {
        const measurement = await measure(
          { url: `http://127.0.0.1:${port}/bench-missing-page`, expectedStatus: 404 },
          context.settings,
        );
        return [
          measured(
            "next-ssr-404",
            measurement,
            "next start, SSR of the not-found page (proxy + next-intl); 404 is the expected answer",
            404,
          ),
        ];
      } finally {
        await web.stop();
      }
    },
  },
  {
    names: ["bff-health", "api-health-direct"],
    needsNextBuild: true,
    async run(context) {
      const temp = createTempDir("bff");
      try {
        const apiPort = await findFreePort();
        const webPort = await findFreePort();
        const api = await startApi(temp.dir, apiPort, context.verbose);
        try {
          const web = await startWeb(
            webPort,
            `http://127.0.0.1:${apiPort}`,
            "/api/health",
            200,
            context.verbose,
          );
          try {
            // Back to back, same settings, both processes up for both runs.
            const throughBff = await measure(
              { url: `http://127.0.0.1:${webPort}/api/health` },
              context.settings,
            );
            const direct = await measure({ url: `http://127.0.0.1:${apiPort}/api/health` }, context.settings);
            return [
              measured("bff-health", throughBff, "browser → next start (BFF route) → API → PGlite"),
              measured("api-health-direct", direct, "same API, called directly while next start idles"),
            ];
          } finally {
            await web.stop();
          }
        } finally {
          await api.stop();
        }
      } finally {
        await temp.remove();
      }
    },
  },
];
