import type { CpuUse } from "../cpu-use";
import type { LoadSettings, Measurement } from "../load-test";

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
  /** CPU per answer by who spent it (servers' main threads and other threads, PostgreSQL, load generator). */
  cpu?: CpuUse;
  /** Process memory around a measurement without HTTP (contract-pdf), in MB. */
  memory?: Record<string, { rssMb: number; heapUsedMb: number; heapTotalMb: number }>;
};

export type ScenarioContext = {
  settings: LoadSettings;
  verbose: boolean;
  /** The API's database for login-api, bff-health and the session scenarios (`--db`). */
  db: "pglite" | "postgres";
  /** The names asked for (with their ratio partners); a group measures only these. */
  wanted: ReadonlySet<string>;
};

export type Scenario = {
  /** The names of the results it can produce (what `--only` matches against). */
  names: string[];
  needsNextBuild: boolean;
  run(context: ScenarioContext): Promise<ScenarioResult[]>;
};

export function measured(name: string, measurement: Measurement, notes: string, expectedStatus?: number) {
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
    ...(measurement.cpu ? { cpu: measurement.cpu } : {}),
  };
  if (measurement.unexpectedStatus > 0) {
    result.notes += `; WARNING: ${measurement.unexpectedStatus} answers with an unexpected status (${JSON.stringify(measurement.statusCodes)})`;
  }
  return result;
}

/** The figures of a result that has none (nothing was measured, or not over HTTP). */
export const NO_FIGURES = {
  requestsPerSecond: null,
  p50Ms: null,
  p99Ms: null,
  errors: null,
  non2xx: null,
} as const;

export function notMeasured(name: string, status: "skipped" | "failed", notes: string): ScenarioResult {
  return { name, ...NO_FIGURES, notes, status };
}

export function round(value: number, digits: number) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
