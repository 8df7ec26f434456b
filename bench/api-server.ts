import { type ChildServer, childEnv, findFreePort, startChildServer } from "./child-server";
import { createTempDir } from "./temp-dir";

// Next's first start reads the whole build; PGlite's first open with migrations takes ≈ 3 s.
export const SLOW_START_MS = 120_000;

type ApiServer = ChildServer & {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  url: string;
  port: number;
};

/**
 * The API on a free port with a fresh temp DATA_DIR (PGlite lives there unless `settings` name a
 * DATABASE_URL), started and answering /api/health; `stop` stops it and removes the folder.
 */
export async function startApi(options: {
  /** Names the temp folder. */
  label: string;
  verbose: boolean;
  settings?: Record<string, string>;
  /** What `node` runs; default: server/main.ts from source through tsx. */
  args?: string[];
}): Promise<ApiServer> {
  const temp = createTempDir(options.label);
  try {
    const port = await findFreePort();
    const server = await startChildServer({
      name: "api",
      args: options.args ?? [...cpuProfileArgs(), "--import", "tsx", "server/main.ts"],
      env: childEnv({
        DATA_DIR: temp.dir,
        API_PORT: String(port),
        API_HOST: "127.0.0.1",
        ...options.settings,
      }),
      readyUrl: `http://127.0.0.1:${port}/api/health`,
      readyTimeoutMs: SLOW_START_MS,
      verbose: options.verbose,
    });
    return {
      ...server,
      url: `http://127.0.0.1:${port}`,
      port,
      stop: async () => {
        try {
          await server.stop();
        } finally {
          await temp.remove();
        }
      },
    };
  } catch (error) {
    await temp.remove();
    throw error;
  }
}

// BENCH_API_CPU_PROF=<folder> (BENCH_WEB_CPU_PROF for the web tier): the server writes a V8 CPU
// profile there when it stops (open it in Chrome's DevTools), to see where a scenario's time goes.
export function cpuProfileArgs(variable = "BENCH_API_CPU_PROF"): string[] {
  const profileDir = process.env[variable];
  return profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
}
