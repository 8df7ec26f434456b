// The `peer` scenario: better-auth (../shared/peers/better-auth, its own run.sh) on a throwaway
// PostgreSQL database in the same sitting as ours, so the ratios compare runs made back to back.
import fs from "node:fs";
import path from "node:path";
import {
  childEnv,
  closeReason,
  findFreePort,
  outputTail,
  projectRoot,
  signalGroup,
  spawnInGroup,
} from "../child-server";
import { registerCleanup } from "../cleanup";
import { createBenchDatabase, PostgresUnreachableError, unlessUnreachable } from "../throwaway-postgres";
import { NO_FIGURES, notMeasured, type Scenario, type ScenarioResult } from "./result";

const PEER_DIR = path.resolve(projectRoot, "../shared/peers/better-auth");
const PEER_NAMES = ["peer-sign-in", "peer-get-session", "peer-argon2-verify"];
// npm install (cached after the first run), start-up, seeding 50 users, three loads and two raw
// argon2 runs.
const PEER_OVERHEAD_MS = 300_000;

type PeerLine = {
  scenario: string;
  reqPerSec?: number;
  p50?: number;
  p99?: number;
  non2xx?: number;
  errors?: number;
  timeouts?: number;
  mismatches?: number;
  verifyPerSec?: number;
  beforeSignIn?: number;
  afterSignIn?: number;
  concurrency?: number;
  machineBusyPct?: number;
  machineIdlePctAtStart?: number;
  betterAuth?: string;
};

function skipped(reason: string): ScenarioResult[] {
  return PEER_NAMES.map((name) => notMeasured(name, "skipped", reason));
}

/** Runs run.sh and returns the JSON lines bench.mjs printed (run.sh tees them to stdout). */
async function runPeer(env: NodeJS.ProcessEnv, timeoutMs: number, verbose: boolean): Promise<PeerLine[]> {
  const { child, pid } = spawnInGroup("the peer's run.sh", "bash", [path.join(PEER_DIR, "run.sh")], {
    cwd: PEER_DIR,
    env,
  });
  let stdout = "";
  const { tail, collect } = outputTail("peer", verbose);
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    collect(chunk);
  });
  child.stderr.on("data", collect);
  const exited = closeReason(child);
  // run.sh stops its server on exit; SIGTERM to the group lets its trap run.
  const stop = registerCleanup(async () => {
    signalGroup(pid, "SIGTERM");
    await exited;
  });
  const timer = setTimeout(() => void stop(), timeoutMs);
  const reason = await exited;
  clearTimeout(timer);
  await stop();
  const lines = stdout
    .split("\n")
    .filter((line) => line.startsWith('{"scenario"'))
    .map((line) => JSON.parse(line) as PeerLine);
  if (reason !== "exit code 0" || lines.length === 0) {
    throw new Error(`the peer's run.sh failed (${reason})\n--- last output ---\n${tail.join("\n")}`);
  }
  return lines;
}

export const peerScenario: Scenario = {
  names: PEER_NAMES,
  needsNextBuild: false,
  async run(context) {
    if (!fs.existsSync(path.join(PEER_DIR, "run.sh"))) return skipped(`no ${PEER_DIR}/run.sh`);
    const database = await unlessUnreachable(createBenchDatabase);
    if (database instanceof PostgresUnreachableError) return skipped(database.message);
    try {
      const { settings } = context;
      // The same load settings as ours, so the two are comparable line by line.
      const env = childEnv({
        DATABASE_URL: database.url,
        PORT: String(await findFreePort()),
        CONNECTIONS: String(settings.connections),
        DURATION: String(settings.durationSeconds),
        WARMUP: String(settings.warmupSeconds),
      });
      const timeoutMs = PEER_OVERHEAD_MS + 2 * (settings.warmupSeconds + settings.durationSeconds) * 1000;
      const lines = await runPeer(env, timeoutMs, context.verbose);
      const by = new Map(lines.map((line) => [line.scenario, line]));
      const meta = by.get("meta");
      const results: ScenarioResult[] = [];
      for (const [name, scenario, what] of [
        ["peer-sign-in", "sign-in", "POST /api/auth/sign-in/email (2 SELECTs, argon2id verify, 1 INSERT)"],
        ["peer-get-session", "get-session", "GET /api/auth/get-session with a session cookie (2 SELECTs)"],
      ] as const) {
        const line = by.get(scenario);
        if (!line || !context.wanted.has(name)) continue;
        const failed = (line.non2xx ?? 0) + (line.mismatches ?? 0);
        results.push({
          name,
          requestsPerSecond: line.reqPerSec ?? null,
          p50Ms: line.p50 ?? null,
          p99Ms: line.p99 ?? null,
          errors: (line.errors ?? 0) + (line.timeouts ?? 0),
          non2xx: line.non2xx ?? null,
          notes:
            `better-auth ${meta?.betterAuth ?? "?"} on PostgreSQL (its run.sh): ${what}; machine ` +
            `${line.machineBusyPct ?? "?"} % busy meanwhile` +
            (failed > 0 ? `; WARNING: ${failed} failed answers or body mismatches` : ""),
          status: "measured",
        });
      }
      const raw = by.get("argon2id-verify-raw");
      if (raw && context.wanted.has("peer-argon2-verify")) {
        results.push({
          name: "peer-argon2-verify",
          ...NO_FIGURES,
          requestsPerSecond: raw.verifyPerSec ?? null,
          notes:
            `no HTTP: the peer's raw @node-rs/argon2 verifications/s (${raw.concurrency} concurrent) in its load ` +
            `generator, mean of before (${raw.beforeSignIn}) and after (${raw.afterSignIn}) its sign-in run; ` +
            `machine ${meta?.machineIdlePctAtStart ?? "?"} % idle when the peer started`,
          status: "measured",
        });
      }
      return results;
    } finally {
      await database.drop();
    }
  },
};
