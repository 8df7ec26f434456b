import { renderContractDocument } from "./contract-document";
import type { ContractPdfInput } from "./render-contract-pdf";

/** Structured cloning turns Buffers into plain Uint8Arrays; react-pdf's image loader wants Buffers. */
const asBuffer = (bytes: Uint8Array | null | undefined) =>
  bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;

/** The render worker's task: one contract in, the PDF bytes out (copied back to the caller). */
export default async function renderInWorker(input: ContractPdfInput): Promise<Uint8Array> {
  return renderContractDocument({
    ...input,
    signature: asBuffer(input.signature),
    stamp: asBuffer(input.stamp),
  });
}
