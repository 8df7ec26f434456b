// Memory of the API under concurrent ID uploads: starts the real API in a
// child process (PGlite and fs storage in a temp folder), seeds and logs in 20 personal members,
// sends each one a JPEG just under 10 MB at the same moment, and samples the API process's
// resident memory (VmRSS) every 50 ms. Prints the figures; writes nothing but its temp folder,
// which it removes.
//
//   npx tsx bench/upload-memory.ts [--users 20] [--verbose]
import crypto from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { ID_IMAGE_MAX_BYTES } from "../lib/constants";
import { childEnv, findFreePort, startChildServer } from "./child-server";
import { runAllCleanups } from "./cleanup";
import { createTempDir } from "./temp-dir";

const { values: options } = parseArgs({
  options: { users: { type: "string", default: "20" }, verbose: { type: "boolean", default: false } },
});
const USERS = Number(options.users);
const SAMPLE_MS = 50;
const PASSWORD = "Bench-password-1";
// Just under the limit, so every upload is accepted and decoded.
const TARGET_MIN_BYTES = Math.round(ID_IMAGE_MAX_BYTES * 0.9);

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const signedMb = (bytes: number) => `${bytes < 0 ? "−" : "+"}${mb(Math.abs(bytes))}`;
const log = (message: string) => process.stderr.write(`[upload-memory] ${message}\n`);

/** VmRSS of a process in bytes, from /proc (Linux). */
function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kib) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

/**
 * A real JPEG of random noise (noise does not compress, so the file stays big), grown until it
 * lands between 90% and 100% of the 10 MB limit.
 */
async function noiseJpeg(): Promise<{ data: Buffer; width: number; height: number }> {
  let side = 3000;
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const pixels = crypto.randomBytes(side * side * 3);
    const data = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 100, chromaSubsampling: "4:4:4" })
      .toBuffer();
    if (data.length <= ID_IMAGE_MAX_BYTES && data.length >= TARGET_MIN_BYTES) {
      return { data, width: side, height: side };
    }
    // Size grows with the pixel count: scale the side by the square root of the miss.
    const target = (TARGET_MIN_BYTES + ID_IMAGE_MAX_BYTES) / 2;
    side = Math.max(100, Math.round(side * Math.sqrt(target / data.length)));
  }
  throw new Error("could not make a JPEG between 9 and 10 MB");
}

async function json(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { text };
  }
}

async function main() {
  const { dir: dataDir } = createTempDir("upload-memory");
  const port = await findFreePort();
  const seedToken = crypto.randomBytes(24).toString("base64url");
  const apiUrl = `http://127.0.0.1:${port}`;

  log("making the test image");
  const image = await noiseJpeg();
  log(`image: ${image.width} × ${image.height} noise, JPEG quality 100 (4:4:4), ${image.data.length} bytes`);

  log("starting the API");
  const api = await startChildServer({
    name: "api",
    args: ["--import", "tsx", "server/main.ts"],
    env: childEnv({
      DATA_DIR: dataDir,
      API_PORT: String(port),
      API_HOST: "127.0.0.1",
      E2E_SEED_TOKEN: seedToken,
      ADMIN_EMAIL: "bench-admin@example.com",
      ADMIN_PASSWORD: "Bench-admin-password-1",
      LOG_LEVEL: "warn",
    }),
    readyUrl: `${apiUrl}/api/health`,
    verbose: options.verbose,
  });

  const startRss = residentBytes(api.pid);
  log(`seeding and logging in ${USERS} personal members`);
  const tokens: string[] = [];
  for (let index = 0; index < USERS; index += 1) {
    const email = `bench.upload.${index}@example.com`;
    const seeded = await fetch(`${apiUrl}/api/test/users`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-seed-token": seedToken },
      body: JSON.stringify({ email, password: PASSWORD, userType: "personal", firstName: `Bench ${index}` }),
    });
    if (seeded.status !== 201)
      throw new Error(`seeding ${email}: ${seeded.status} ${JSON.stringify(await json(seeded))}`);
    // One client address per member: the API believes X-Forwarded-For from loopback, and the
    // per-IP login limit must not be what this measures.
    const login = await fetch(`${apiUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.77.0.${index + 1}` },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const body = await json(login);
    if (login.status !== 200 || typeof body.accessToken !== "string") {
      throw new Error(`login of ${email}: ${login.status} ${JSON.stringify(body)}`);
    }
    tokens.push(body.accessToken);
  }

  const expiryDate = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const file = new Blob([new Uint8Array(image.data)], { type: "image/jpeg" });
  const uploadAs = async (token: string, index: number) => {
    const form = new FormData();
    form.set("idType", "passport");
    form.set("idNumber", `BENCH${index}`);
    form.set("expiryDate", expiryDate);
    form.set("hasBackside", "false");
    form.set("front", file, `front-${index}.jpg`);
    const response = await fetch(`${apiUrl}/api/upload/personal-id`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: await json(response) };
  };

  // One upload first, so the baseline is the API as it runs (sharp and libvips loaded, start-up
  // garbage collected), not the API just after start.
  const warmUp = await uploadAs(tokens[0] as string, 0);
  if (warmUp.status !== 201)
    throw new Error(`warm-up upload: ${warmUp.status} ${JSON.stringify(warmUp.body)}`);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const baselineSamples: number[] = [];
  for (let index = 0; index < 10; index += 1) {
    baselineSamples.push(residentBytes(api.pid));
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  }
  const baseline = Math.max(...baselineSamples);

  // The first large allocations of the burst often make the allocator hand start-up memory back
  // to the system, so RSS can dip below the baseline before it rises; "peak minus baseline" then
  // hides what the burst took. The largest climb (a sample minus the lowest one before it) does not.
  let peak = baseline;
  let lowest = Math.min(...baselineSamples);
  let climb = { bytes: 0, from: lowest, to: lowest };
  let samples = 0;
  const sampler = setInterval(() => {
    try {
      const now = residentBytes(api.pid);
      if (options.verbose) process.stderr.write(`${Math.round(now / MB)} `);
      peak = Math.max(peak, now);
      if (now - lowest > climb.bytes) climb = { bytes: now - lowest, from: lowest, to: now };
      lowest = Math.min(lowest, now);
      samples += 1;
    } catch {
      // The process is gone; the uploads will say why.
    }
  }, SAMPLE_MS);

  log(`sending ${USERS} uploads at once`);
  const started = performance.now();
  const answers = await Promise.all(
    tokens.map(async (token, index) => ({
      ...(await uploadAs(token, index)),
      ms: performance.now() - started,
    })),
  );
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  const after = residentBytes(api.pid);

  const statuses = new Map<number, number>();
  for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  const failed = answers.find((answer) => answer.status !== 201);
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);

  console.info(`ID upload memory: ${USERS} concurrent uploads of one JPEG each`);
  console.info(
    `  image            ${image.width} × ${image.height} px, ${image.data.length} bytes (${mb(image.data.length)})`,
  );
  console.info(
    `  answers          ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(", ")}`,
  );
  if (failed) console.info(`  first failure    ${failed.status} ${JSON.stringify(failed.body)}`);
  console.info(`  RSS after start  ${mb(startRss)} (migrated PGlite, before seeding)`);
  console.info(`  baseline RSS     ${mb(baseline)} (after one warm-up upload, before the burst)`);
  console.info(
    `  peak RSS         ${mb(peak)} (${signedMb(peak - baseline)}; ${samples} samples every ${SAMPLE_MS} ms)`,
  );
  console.info(`  largest climb    ${signedMb(climb.bytes)} (from ${mb(climb.from)} to ${mb(climb.to)})`);
  console.info(`  RSS after        ${mb(after)}`);
  console.info(
    `  time             ${(elapsed / 1000).toFixed(2)} s for all (first answer ${(
      (times[0] ?? 0) / 1000
    ).toFixed(2)} s, median ${((times[Math.floor(times.length / 2)] ?? 0) / 1000).toFixed(2)} s)`,
  );

  await api.stop();
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => runAllCleanups());
