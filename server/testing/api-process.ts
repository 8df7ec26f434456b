import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export type ApiProcess = {
  port: number;
  /** Everything the process wrote so far. */
  output(): { stdout: string; stderr: string };
  /** Sends a signal (SIGKILL for a crash, SIGTERM for a graceful stop) without waiting. */
  kill(signal: NodeJS.Signals): void;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the real API (server/main.ts) on the embedded database in its own DATA_DIR and waits
 * until it logs "API listening". For what only the start-up does: its log, its files.
 */
export async function startApiProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ApiProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      API_PORT: String(port),
      // No balancer to wait for: stop() ends the process without the shutdown delay unless a test
      // asks for one.
      SHUTDOWN_DELAY_SECONDS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  while (!stdout.includes('"msg":"API listening"')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The API did not start:\n${stdout}\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    output: () => ({ stdout, stderr }),
    kill: (signal) => {
      child.kill(signal);
    },
    exited,
    stop,
  };
}
