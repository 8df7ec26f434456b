// The contract render worker (from source) for render-contract-pdf.test.ts, with one more task:
// "heap" collects all garbage in this thread and answers the bytes of objects still alive. A
// render is the real worker's task, unchanged.
import v8 from "node:v8";
import vm from "node:vm";
import render from "../infra/pdf/render-worker-source.mjs";

// A worker thread cannot be started with --expose-gc; the flag set now gives new contexts gc().
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc");

// Compiled code is left out: it grows while V8 optimizes the renderer, and that is no leak.
const OBJECT_SPACES = new Set(["new_space", "old_space", "large_object_space", "new_large_object_space"]);

export default function probe(task) {
  if (task !== "heap") return render(task);
  collectGarbage();
  return v8
    .getHeapSpaceStatistics()
    .filter((space) => OBJECT_SPACES.has(space.space_name))
    .reduce((sum, space) => sum + space.space_used_size, 0);
}
