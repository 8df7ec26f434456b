import { type ChildProcessByStdio, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { registerCleanup } from "./cleanup";
import { trackServer } from "./cpu-use";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const OUTPUT_TAIL_LINES = 40;
const STOP_GRACE_MS = 5_000;

/** A port nobody listens on right now (the OS picks it; we close and hand it on). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// Settings of the app that may be set in the shell running the bench. They are dropped so every
// run measures the same set-up (PGlite in a temp folder, local storage, no SMTP, default session
// and log settings, no proxy hops), not the shell's.
const APP_SETTINGS = new RegExp(
  "^(DATABASE_URL$|DATA_DIR$|API_|PUBLIC_URL$|PORT$|S3_|SMTP_URL$|MAIL_FROM$|MAIL_TRANSPORT$|STORAGE_|BFF_|" +
    "ADMIN_|JWT_PRIVATE_KEY$|AUTH_SECRET$|ACCESS_TOKEN_TTL_SECONDS$|SESSION_|REFRESH_GRACE_SECONDS$|" +
    "E2E_SEED_TOKEN$|LOG_LEVEL$|WEBSHOP_URL$|TRUST_PROXY_HOPS$)",
);

/** The environment for a child: the shell's, minus app settings, plus the given ones. */
export function childEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!APP_SETTINGS.test(name)) env[name] = value;
  }
  // An API given the seeding token runs as a test: in production it refuses that token.
  const mode = settings.E2E_SEED_TOKEN ? "test" : "production";
  // No shutdown delay: nothing balances load here, and a server still waiting out the delay when
  // STOP_GRACE_MS ends is killed before it writes a CPU profile (BENCH_API_CPU_PROF).
  return { ...env, NODE_ENV: mode, NEXT_TELEMETRY_DISABLED: "1", SHUTDOWN_DELAY_SECONDS: "0", ...settings };
}

export type ChildServer = {
  name: string;
  pid: number;
  /** The last lines the child printed, for error messages. */
  outputTail(): string;
  stop(): Promise<void>;
};

export type ChildServerOptions = {
  name: string;
  /** Arguments for `node` (the current executable). */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Polled until it answers with a status `isReady` accepts (default: 2xx). */
  readyUrl: string;
  isReady?: (status: number) => boolean;
  readyTimeoutMs?: number;
  /** Copy the child's output to stderr as it comes. */
  verbose?: boolean;
};

/**
 * Spawns a process in a group of its own (detached), so it and whatever it forks can be signalled
 * together (`signalGroup`), with stdout and stderr piped.
 */
export function spawnInGroup(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): { child: ChildProcessByStdio<null, Readable, Readable>; pid: number } {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`Could not start ${name}`);
  return { child, pid };
}

/** Sends `signal` to the process group `pid` leads; a group that is gone already is no error. */
export function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** Why the child ended, once its output is read to the end ("close", not "exit"). */
export function closeReason(child: ChildProcessByStdio<null, Readable, Readable>): Promise<string> {
  return new Promise<string>((resolve) => {
    child.once("close", (code, signal) => resolve(signal ?? `exit code ${code}`));
    child.once("error", (error) => resolve(error.message));
  });
}

/**
 * Keeps the last lines of a child's output in `tail` for error messages (and copies them to
 * stderr, prefixed with the child's name, when `verbose`); `collect` takes the chunks.
 */
export function outputTail(name: string, verbose: boolean | undefined) {
  const tail: string[] = [];
  const collect = (chunk: Buffer) => {
    const lines = chunk.toString().split("\n").filter(Boolean);
    if (verbose) for (const line of lines) process.stderr.write(`  [${name}] ${line}\n`);
    tail.push(...lines);
    if (tail.length > OUTPUT_TAIL_LINES) tail.splice(0, tail.length - OUTPUT_TAIL_LINES);
  };
  return { tail, collect };
}

/**
 * Starts a server in its own process (so it never shares an event loop with the load generator)
 * and its own process group (so the web tier and anything it forks stop together).
 */
export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const { child, pid } = spawnInGroup(options.name, process.execPath, options.args, {
    cwd: projectRoot,
    env: options.env,
  });
  const { tail, collect } = outputTail(options.name, options.verbose);
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);

  let exitReason: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exitReason = signal ?? `exit code ${code}`;
      resolve();
    });
    child.once("error", (error) => {
      exitReason = error.message;
      resolve();
    });
  });

  const untrack = trackServer(options.name, pid);
  const stop = registerCleanup(async () => {
    untrack();
    if (!exitReason) {
      signalGroup(pid, "SIGTERM");
      const timer = setTimeout(() => signalGroup(pid, "SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    // Whatever the leader forked and left behind in its group.
    signalGroup(pid, "SIGKILL");
  });

  const server: ChildServer = {
    name: options.name,
    pid,
    outputTail: () => tail.join("\n"),
    stop,
  };

  try {
    await waitUntilReady(options, () => exitReason);
  } catch (error) {
    await stop();
    throw new Error(
      `${options.name} did not become ready: ${(error as Error).message}\n--- last output of ${options.name} ---\n${server.outputTail()}`,
    );
  }
  return server;
}

async function waitUntilReady(options: ChildServerOptions, exitReason: () => string | undefined) {
  const isReady = options.isReady ?? ((status: number) => status >= 200 && status < 300);
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let last = "no answer";
  while (Date.now() < deadline) {
    const reason = exitReason();
    if (reason) throw new Error(`the process exited (${reason})`);
    try {
      const response = await fetch(options.readyUrl, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (isReady(response.status)) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ready answer from ${options.readyUrl} in time (last: ${last})`);
}

/**
 * Runs a script that measures something itself and prints its result as one JSON line, last on
 * stdout (in its own process, so the bench's event loop and thread pool stay out of it).
 * Stopped with the others on Ctrl-C.
 */
export async function runChildScript<T>(options: {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  verbose?: boolean;
}): Promise<T> {
  const { child, pid } = spawnInGroup(options.name, process.execPath, options.args, {
    cwd: projectRoot,
    env: options.env,
  });
  let stdout = "";
  const { tail: stderr, collect } = outputTail(options.name, options.verbose);
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", collect);
  const exited = closeReason(child);
  // Also whatever the script forked and left behind in its group.
  const kill = registerCleanup(async () => {
    signalGroup(pid, "SIGKILL");
    await exited;
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void kill();
  }, options.timeoutMs);
  const exitReason = await exited;
  const reason = timedOut ? `no result within ${options.timeoutMs / 1000} s` : exitReason;
  clearTimeout(timer);
  await kill();
  const last = stdout.trim().split("\n").pop() ?? "";
  if (reason !== "exit code 0" || !last.startsWith("{")) {
    throw new Error(
      `${options.name} failed (${reason})\n--- last output of ${options.name} ---\n${[...stderr, last].join("\n")}`,
    );
  }
  return JSON.parse(last) as T;
}
