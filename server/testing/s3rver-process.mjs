// Runs s3rver in a process of its own: the S3 client under test reaches it over a socket as it
// would a real S3, and nothing of s3rver shares the test worker's event loop. Prints
// `{"port":N}` on stdout once listening; stops on SIGTERM, SIGINT, or when stdin closes, so a
// crashed parent does not leave it running.
// Usage: node server/testing/s3rver-process.mjs [bucket ...]   (default bucket: test-bucket)
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

const buckets = process.argv.slice(2);
const directory = await mkdtemp(path.join(os.tmpdir(), "s3rver-"));
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  directory,
  silent: true,
  configureBuckets: (buckets.length > 0 ? buckets : ["test-bucket"]).map((name) => ({ name })),
});

const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.close().catch(() => {});
  await rm(directory, { recursive: true, force: true });
  process.exit(0);
}

process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.stdin.on("end", stop);
process.stdin.on("error", stop);
process.stdin.resume();
