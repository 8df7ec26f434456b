// The contract render worker (from source) for render-contract-pdf.test.ts, with one more task:
// "heap" collects all garbage in this thread and answers the heap still in use. A render is
// the real worker's task, unchanged.
import v8 from "node:v8";
import vm from "node:vm";
import render from "../infra/pdf/render-worker-source.mjs";

// A worker thread cannot be started with --expose-gc; the flag set now gives new contexts gc().
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc");

export default function probe(task) {
  if (task !== "heap") return render(task);
  collectGarbage();
  return v8.getHeapStatistics().used_heap_size;
}
