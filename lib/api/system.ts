import { get } from "./endpoint";

/** Health, the visitor's country and the API's own description. */
export const systemApi = {
  health: get("/api/health"),
  live: get("/api/health/live"),
  ready: get("/api/health/ready"),
  country: get("/api/geo/country"),
  openapi: get("/api/openapi.json"),
  /** A stored file behind a signed, short-lived link (the storage builds the links). */
  file: get("/api/files/{key}"),
} as const;

/** Signed file downloads (ID images, contracts) are served under this prefix. */
export const FILES_PREFIX = "/api/files";

/** Every path of the BFF and the API starts with this. */
export const API_PREFIX = "/api/";

/** End-to-end tests' seeding calls, mounted only on a loopback API started for them. */
export const TEST_SEED_PREFIX = "/api/test";
