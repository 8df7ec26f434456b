import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "./child-server";
import { formatCpuUse } from "./cpu-use";
import type { LoadSettings } from "./load-test";
import type { ScenarioResult } from "./scenarios";

type Ratios = {
  /** bff-health ÷ api-health-direct: what the BFF hop costs. */
  bffOverApiHealth: number | null;
  /** login-api ÷ argon2-verify: how much of the raw hashing rate logins reach. */
  loginOverArgon2Verify: number | null;
  /** bff-me ÷ web-healthz: an authenticated call through the BFF against a bare Next route. */
  bffMeOverHealthz: number | null;
  /** bff-refresh ÷ web-healthz: a token rotation through the BFF against a bare Next route. */
  bffRefreshOverHealthz: number | null;
  referralInfoOverSelect: number | null;
  /** login-api ÷ peer-sign-in (better-auth), same sitting. */
  loginOverPeerSignIn: number | null;
  /** peer-sign-in ÷ peer-argon2-verify: better-auth's share of the raw hashing rate. */
  peerSignInOverArgon2Verify: number | null;
  /** api-me ÷ peer-get-session (better-auth), same sitting. */
  meOverPeerGetSession: number | null;
  /** Each BFF call ÷ its serial floor 1/(1/web-healthz + 1/the same call on the API direct). */
  bffHealthOverFloor: number | null;
  bffMeOverFloor: number | null;
  bffReferralInfoOverFloor: number | null;
  bffRefreshOverFloor: number | null;
};

const RATIO_LINES: { key: keyof Ratios; label: string }[] = [
  { key: "bffOverApiHealth", label: "bff/api health throughput ratio" },
  { key: "loginOverArgon2Verify", label: "login/argon2 verify throughput ratio" },
  { key: "bffMeOverHealthz", label: "bff me/web healthz throughput ratio" },
  { key: "bffRefreshOverHealthz", label: "bff refresh/web healthz throughput ratio" },
  { key: "referralInfoOverSelect", label: "bff referral info/one-SELECT (PGlite) throughput ratio" },
  { key: "loginOverPeerSignIn", label: "ours/peer sign-in (login-api/peer-sign-in)" },
  { key: "peerSignInOverArgon2Verify", label: "peer sign-in/peer raw argon2 verify" },
  { key: "meOverPeerGetSession", label: "ours/peer session read (api-me/peer-get-session)" },
  { key: "bffHealthOverFloor", label: "bff health/serial floor (web-healthz, api-health-direct)" },
  { key: "bffMeOverFloor", label: "bff me/serial floor (web-healthz, api-me)" },
  {
    key: "bffReferralInfoOverFloor",
    label: "bff referral info/serial floor (web-healthz, api-referral-info)",
  },
  { key: "bffRefreshOverFloor", label: "bff refresh/serial floor (web-healthz, api-refresh)" },
];

export type Report = {
  date: string;
  /** The API's database in the scenarios that take `--db`. */
  db: "pglite" | "postgres";
  machine: {
    /** Whole-machine idle % over 2 s right before the first scenario (null off Linux). */
    idlePercentAtStart: number | null;
    cpus: number;
    cpuModel: string;
    totalMemoryMb: number;
    platform: string;
    nodeVersion: string;
    autocannonVersion: string;
  };
  gitCommit: string | null;
  settings: LoadSettings & { only: string[] };
  results: ScenarioResult[];
  ratios: Ratios;
};

/** req/s of one result divided by req/s of another, when both were measured in this run. */
function ratio(results: ScenarioResult[], numerator: string, denominator: string): number | null {
  const top = results.find((result) => result.name === numerator)?.requestsPerSecond;
  const bottom = results.find((result) => result.name === denominator)?.requestsPerSecond;
  return top && bottom ? Math.round((top / bottom) * 1000) / 1000 : null;
}

/**
 * req/s of a BFF call ÷ its serial floor: with the web tier's bare route at `web` req/s and the
 * API call at `api` req/s, one request through both cannot beat 1/(1/web + 1/api).
 */
function floorRatio(results: ScenarioResult[], bff: string, web: string, api: string): number | null {
  const rate = (name: string) => results.find((result) => result.name === name)?.requestsPerSecond;
  const [top, webRate, apiRate] = [rate(bff), rate(web), rate(api)];
  if (!top || !webRate || !apiRate) return null;
  return Math.round((top / (1 / (1 / webRate + 1 / apiRate))) * 1000) / 1000;
}

function computeRatios(results: ScenarioResult[]): Ratios {
  return {
    bffOverApiHealth: ratio(results, "bff-health", "api-health-direct"),
    loginOverArgon2Verify: ratio(results, "login-api", "argon2-verify"),
    bffMeOverHealthz: ratio(results, "bff-me", "web-healthz"),
    bffRefreshOverHealthz: ratio(results, "bff-refresh", "web-healthz"),
    referralInfoOverSelect: ratio(results, "bff-referral-info", "select-pglite"),
    loginOverPeerSignIn: ratio(results, "login-api", "peer-sign-in"),
    peerSignInOverArgon2Verify: ratio(results, "peer-sign-in", "peer-argon2-verify"),
    meOverPeerGetSession: ratio(results, "api-me", "peer-get-session"),
    bffHealthOverFloor: floorRatio(results, "bff-health", "web-healthz", "api-health-direct"),
    bffMeOverFloor: floorRatio(results, "bff-me", "web-healthz", "api-me"),
    bffReferralInfoOverFloor: floorRatio(results, "bff-referral-info", "web-healthz", "api-referral-info"),
    bffRefreshOverFloor: floorRatio(results, "bff-refresh", "web-healthz", "api-refresh"),
  };
}

export function buildReport(
  results: ScenarioResult[],
  settings: LoadSettings,
  only: string[],
  date: Date,
  sitting: { db: "pglite" | "postgres"; idlePercentAtStart: number | null } = {
    db: "pglite",
    idlePercentAtStart: null,
  },
): Report {
  const require = createRequire(import.meta.url);
  const cpus = os.cpus();
  const git = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: projectRoot, encoding: "utf8" });
  return {
    date: date.toISOString(),
    db: sitting.db,
    machine: {
      idlePercentAtStart: sitting.idlePercentAtStart,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? "unknown",
      totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
      platform: `${os.platform()} ${os.arch()} ${os.release()}`,
      nodeVersion: process.version,
      autocannonVersion: (require("autocannon/package.json") as { version: string }).version,
    },
    gitCommit: git.status === 0 ? git.stdout.trim() : null,
    settings: { ...settings, only },
    results,
    ratios: computeRatios(results),
  };
}

export function writeReport(report: Report): string {
  const file = path.join(projectRoot, "bench/results/latest.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

function cell(value: number | null, format: Intl.NumberFormat) {
  return value === null ? "-" : format.format(value);
}

/** The results as a plain-text table, then the ratio and any notes worth reading. */
export function formatReport(report: Report): string {
  const header = ["scenario", "req/s", "p50 ms", "p99 ms", "errors", "non-2xx"];
  const rows = report.results.map((result) => {
    const non2xx =
      result.non2xx !== null && result.expectedStatus
        ? `${integer.format(result.non2xx)} (${result.expectedStatus} expected)`
        : cell(result.non2xx, integer);
    return [
      result.status === "measured" ? result.name : `${result.name} (${result.status})`,
      cell(result.requestsPerSecond, integer),
      cell(result.p50Ms, decimal),
      cell(result.p99Ms, decimal),
      cell(result.errors, integer),
      non2xx,
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (row: string[]) =>
    row
      .map((value, column) =>
        column === 0 ? value.padEnd(widths[0] ?? 0) : value.padStart(widths[column] ?? 0),
      )
      .join("  ");
  const out = [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)];

  const ratioLines = RATIO_LINES.flatMap(({ key, label }) => {
    const value = report.ratios[key];
    return value === null ? [] : [`${label}: ${value.toFixed(3)}`];
  });
  if (ratioLines.length > 0) out.push("", ...ratioLines);
  out.push("");
  for (const result of report.results) out.push(`${result.name}: ${result.notes}`);
  const withCpu = report.results.filter((result) => result.cpu);
  if (withCpu.length > 0) {
    out.push("", "CPU per answer, measured seconds only (main thread + other threads of each server):");
    for (const result of withCpu) if (result.cpu) out.push(`${result.name}: ${formatCpuUse(result.cpu)}`);
  }
  const { settings, machine } = report;
  out.push(
    "",
    `${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s each; ` +
      `${machine.cpus} × ${machine.cpuModel}, Node ${machine.nodeVersion}, autocannon ${machine.autocannonVersion}; ` +
      `API on ${report.db}; machine ${machine.idlePercentAtStart ?? "?"} % idle at the start`,
  );
  return `${out.join("\n")}\n`;
}
