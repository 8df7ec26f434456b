// Raw argon2id verifications per second on this machine: the ceiling for password logins, which
// verify one hash each. It hashes one password with the app's own parameters
// (server/domain/auth/passwords.ts) and then keeps BENCH_CONCURRENCY verifications in flight,
// as many as the login load keeps logins in flight, through the app's own `verifyPassword`.
// Run by bench/run.ts in a child process, so neither the bench's event loop nor its thread pool
// takes part:
//   BENCH_CONCURRENCY=20 BENCH_WARMUP_SECONDS=2 BENCH_DURATION_SECONDS=5 \
//     node --import tsx bench/servers/argon2-verify.ts
// Prints one JSON line on stdout: ops/s, p50/p99 of each verification, the parameters used.
import { availableParallelism } from "node:os";
import { hashPassword, verifyPassword } from "../../server/domain/auth/passwords";

const concurrency = Number(process.env.BENCH_CONCURRENCY || 20);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS || 5);
if (!Number.isInteger(concurrency) || concurrency < 1 || !(warmupSeconds >= 0) || !(durationSeconds > 0)) {
  console.error(
    "argon2-verify: BENCH_CONCURRENCY must be a positive integer, BENCH_WARMUP_SECONDS ≥ 0, BENCH_DURATION_SECONDS > 0",
  );
  process.exit(1);
}

const PASSWORD = "Bench-password-1";

/**
 * Keeps `concurrency` verifications in flight until `seconds` have passed. Only those finished
 * by then count (like a load generator's per-second samples); the last ones are awaited but
 * not counted.
 */
async function load(hash: string, seconds: number) {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const begun = performance.now();
      const ok = await verifyPassword(hash, PASSWORD);
      const finished = performance.now();
      if (finished > deadline) break;
      latencies.push(finished - begun);
      if (!ok) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, failures };
}

function percentile(sorted: number[], percent: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.ceil((percent / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, rank)] ?? 0) * 100) / 100;
}

async function main() {
  const hashStarted = performance.now();
  const hash = await hashPassword(PASSWORD);
  const hashMs = performance.now() - hashStarted;
  // "$argon2id$v=19$m=19456,t=2,p=1$salt$hash": the parameters the hash itself records.
  const [, algorithm, , parameters] = hash.split("$");
  if (!(await verifyPassword(hash, PASSWORD))) throw new Error("the hash does not verify its own password");

  if (warmupSeconds > 0) await load(hash, warmupSeconds);
  const { latencies, failures } = await load(hash, durationSeconds);
  latencies.sort((a, b) => a - b);
  const result = {
    opsPerSecond: latencies.length / durationSeconds,
    operations: latencies.length,
    failures,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    concurrency,
    algorithm,
    parameters,
    hashMs: Math.round(hashMs * 10) / 10,
    threadPoolSize: Number(process.env.UV_THREADPOOL_SIZE || 4),
    gateLimit: availableParallelism(),
  };
  console.error(
    `argon2-verify: ${Math.round(result.opsPerSecond)} verifications/s at concurrency ${concurrency}`,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error) => {
  console.error("argon2-verify failed:", error);
  process.exit(1);
});
