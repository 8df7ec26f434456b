// Run from source (tsx, vitest), the render worker is TypeScript: this thread registers tsx's
// loader for itself and then loads it. The release bundle uses dist/api/pdf-render-worker.mjs.
import { register } from "tsx/esm/api";

register();
const worker = await import("./render-worker.ts");

export default worker.default;
