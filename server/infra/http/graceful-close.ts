// The API's stop behind a balancer: the way both tiers stop (lib/runtime/graceful-close.mjs).
export { closeAfterDelay } from "../../../lib/runtime/graceful-close.mjs";
