// `npm run bench [-- --only <substring>]`: starts each server in its own process, loads it with
// autocannon, prints a table on stdout (progress goes to stderr) and writes
// bench/results/latest.json. See bench/README.md.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { projectRoot } from "./child-server";
import { runAllCleanups } from "./cleanup";
import { type LoadSettings, stopActiveLoad } from "./load-test";
import { machineIdlePercent } from "./machine-idle";
import { buildReport, formatReport, writeReport } from "./report";
import { notMeasured, type ScenarioResult, scenarios, wantedNames } from "./scenarios";

const USAGE = `Usage: npm run bench -- [options]
  --only <substring>   run only scenarios whose name contains it (repeatable, or comma-separated),
                       plus the ones their ratios divide by
  --duration <s>       measured seconds per scenario (default 5)
  --warmup <s>         warm-up seconds before each measurement, not counted (default 2)
  --connections <n>    concurrent connections (default 20)
  --db <pglite|postgres>  the API's database for login-api, bff-health and the session
                       scenarios (default pglite; postgres: a throwaway database on
                       DATABASE_URL's server, else postgres://postgres@127.0.0.1:5432)
  --reverse            run the selected scenarios in the opposite order (a comparison of two
                       scenarios, ours and the peer's, measured in both orders in one sitting)
  --verbose            copy the servers' output to stderr
  --list               list the scenario names and exit
Scenarios: ${scenarios.flatMap((scenario) => scenario.names).join(", ")}`;

function progress(message: string) {
  console.error(`[bench] ${message}`);
}

function positiveNumber(value: string | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min) {
    console.error(`--${name} must be a number ≥ ${min}\n\n${USAGE}`);
    process.exit(2);
  }
  return parsed;
}

function ensureNextBuild() {
  if (fs.existsSync(path.join(projectRoot, ".next/BUILD_ID"))) return;
  progress("no .next/BUILD_ID: running `next build` first…");
  const build = spawnSync(
    process.execPath,
    [path.join(projectRoot, "node_modules/next/dist/bin/next"), "build"],
    {
      cwd: projectRoot,
      // The build's output goes to stderr, so stdout keeps only the table.
      stdio: ["ignore", 2, 2],
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    },
  );
  if (build.status !== 0)
    throw new Error(`next build failed (${build.signal ?? `exit code ${build.status}`})`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: "string", multiple: true },
      duration: { type: "string" },
      warmup: { type: "string" },
      connections: { type: "string" },
      db: { type: "string", default: "pglite" },
      verbose: { type: "boolean", default: false },
      reverse: { type: "boolean", default: false },
      list: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.info(USAGE);
    return 0;
  }
  if (values.list) {
    for (const scenario of scenarios) console.info(scenario.names.join("\n"));
    return 0;
  }

  const settings: LoadSettings = {
    durationSeconds: positiveNumber(values.duration, 5, "duration", 1),
    warmupSeconds: positiveNumber(values.warmup, 2, "warmup", 0),
    connections: positiveNumber(values.connections, 20, "connections", 1),
  };
  const db = values.db;
  if (db !== "pglite" && db !== "postgres") {
    console.error(`--db must be pglite or postgres\n\n${USAGE}`);
    return 2;
  }
  const only = (values.only ?? []).flatMap((value) => value.split(",")).map((value) => value.trim());
  const filters = only.filter(Boolean);
  // A result a ratio divides brings its partner along (RATIO_PARTNERS), and a scenario producing
  // several results measures only the wanted ones.
  const wanted = wantedNames(filters);
  const selected = scenarios.filter((scenario) => scenario.names.some((name) => wanted.has(name)));
  if (values.reverse) selected.reverse();
  if (selected.length === 0) {
    console.error(`No scenario matches ${filters.join(", ")}.\n\n${USAGE}`);
    return 2;
  }

  const date = new Date();
  if (selected.some((scenario) => scenario.needsNextBuild)) ensureNextBuild();
  // On shared cores every figure depends on what else runs: say how idle the machine was.
  const idlePercentAtStart = await machineIdlePercent(2_000);
  progress(`machine ${idlePercentAtStart ?? "?"} % idle at the start (2 s of /proc/stat)`);

  const results: ScenarioResult[] = [];
  for (const [position, scenario] of selected.entries()) {
    const names = scenario.names.filter((name) => wanted.has(name));
    const label = names.join(" + ");
    progress(`(${position + 1}/${selected.length}) ${label}…`);
    const started = Date.now();
    try {
      const produced = await scenario.run({ settings, verbose: values.verbose, wanted, db });
      results.push(...produced);
      for (const result of produced) {
        const summary =
          result.status === "measured"
            ? `${Math.round(result.requestsPerSecond ?? 0)} req/s, p99 ${result.p99Ms} ms`
            : `${result.status}: ${result.notes}`;
        progress(`  ${result.name}: ${summary}`);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      progress(`  ${label} FAILED: ${message}`);
      results.push(...names.map((name) => notMeasured(name, "failed", message.split("\n")[0] ?? "")));
    }
    progress(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  const report = buildReport(results, settings, filters, date, { db, idlePercentAtStart });
  const file = writeReport(report);
  process.stdout.write(`\n${formatReport(report)}`);
  progress(`results written to ${path.relative(process.cwd(), file)}`);
  return results.some((result) => result.status === "failed") ? 1 : 0;
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    progress(`${signal}: stopping servers and removing temp data…`);
    stopActiveLoad();
    void runAllCleanups().finally(() => process.exit(130));
  });
}

main()
  .catch((error) => {
    console.error("[bench] failed:", error instanceof Error ? error.message : error);
    return 1;
  })
  .then(async (code) => {
    await runAllCleanups();
    process.exit(code);
  });
