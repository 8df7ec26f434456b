import fs from "node:fs";
import os from "node:os";
import { isMainThread } from "node:worker_threads";
import { renderContractDocument } from "./contract-document";
import { renderPayoutStatementDocument } from "./payout-statement-document";
import type { RenderTask } from "./render-contract-pdf";

// How far a render thread steps back for the API's main thread (a nice value, 0 to 19).
const RENDER_THREAD_NICENESS = 10;

/**
 * A render is tens of milliseconds of layout that nobody waits on to the millisecond, while the
 * API's main thread answers every other request: on a machine whose cores the renders fill, the
 * main thread must not queue behind them. Linux keeps a nice value per thread, and this thread's
 * id is the last part of /proc/thread-self; elsewhere, or when it cannot be read, renders keep
 * the normal priority.
 */
function lowerThisThreadsPriority() {
  if (isMainThread) return;
  try {
    const threadId = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(threadId) && threadId > 0) {
      os.setPriority(threadId, Math.max(os.getPriority(threadId), RENDER_THREAD_NICENESS));
    }
  } catch {
    // Not Linux, or not allowed: renders keep the normal priority.
  }
}

lowerThisThreadsPriority();

/** Structured cloning turns Buffers into plain Uint8Arrays; react-pdf's image loader wants Buffers. */
const asBuffer = (bytes: Uint8Array | null | undefined) =>
  bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;

/**
 * The render worker's task: one contract or payout statement in, the PDF bytes out (copied back
 * to the caller).
 */
export default async function renderInWorker(input: RenderTask): Promise<Uint8Array> {
  if ("document" in input) return renderPayoutStatementDocument(input.statement);
  return renderContractDocument({
    ...input,
    signature: asBuffer(input.signature),
    stamp: asBuffer(input.stamp),
  });
}
