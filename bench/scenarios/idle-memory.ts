// The API's resident memory at rest, run the way a release runs it (`npm run api` from dist/api,
// built here when it is stale), once on PGlite and once on a throwaway PostgreSQL database: what
// a small host must have free before the first member arrives. Read from /proc after the health
// check answers and 10 s of quiet, then again after 50 health checks (the first requests load
// what start-up left lazy).
import fs from "node:fs";
// @ts-expect-error: a plain ESM script without type declarations.
import { apiBuildIsCurrent, buildApi } from "../../scripts/api-build.mjs";
import { startApi } from "../api-server";
import { createBenchDatabase } from "../throwaway-postgres";
import { NO_FIGURES, type Scenario, type ScenarioResult } from "./result";

const IDLE_NAMES = ["api-idle-rss-pglite", "api-idle-rss-postgres"];
const QUIET_MS = 10_000;

/** Resident set size of a process in MB, from /proc (Linux); null elsewhere. */
export function rssMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function idleRss(
  name: string,
  label: string,
  goalMb: number,
  settings: Record<string, string>,
  verbose: boolean,
): Promise<ScenarioResult> {
  const api = await startApi({
    label: "idle-rss",
    verbose,
    settings: { LOG_LEVEL: "warn", ...settings },
    args: ["scripts/api.mjs", "main"],
  });
  try {
    await sleep(QUIET_MS);
    const atRest = rssMb(api.pid);
    for (let call = 0; call < 50; call += 1) {
      await (await fetch(`${api.url}/api/health`)).arrayBuffer();
    }
    await sleep(2_000);
    const afterCalls = rssMb(api.pid);
    return {
      name,
      ...NO_FIGURES,
      status: "measured",
      memory: { idle: { rssMb: atRest ?? 0, heapUsedMb: 0, heapTotalMb: 0 } },
      notes:
        `API from the release build (dist/api) on ${label}, no request yet: RSS ${atRest} MB ` +
        `after ${QUIET_MS / 1000} s at rest, ${afterCalls} MB after 50 health checks (goal ≤ ${goalMb} MB)`,
    };
  } finally {
    await api.stop();
  }
}

export const idleMemoryScenario: Scenario = {
  names: IDLE_NAMES,
  needsNextBuild: false,
  async run(context) {
    if (!apiBuildIsCurrent()) await buildApi();
    const results: ScenarioResult[] = [];
    if (context.wanted.has("api-idle-rss-pglite")) {
      results.push(await idleRss("api-idle-rss-pglite", "PGlite", 500, {}, context.verbose));
    }
    if (context.wanted.has("api-idle-rss-postgres")) {
      const database = await createBenchDatabase();
      try {
        results.push(
          await idleRss(
            "api-idle-rss-postgres",
            "PostgreSQL",
            250,
            { DATABASE_URL: database.url },
            context.verbose,
          ),
        );
      } finally {
        await database.drop();
      }
    }
    return results;
  },
};
