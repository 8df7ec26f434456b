import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Settings of the end-to-end run. The runner and its workers share them through the
// environment, so the data folder is made once, by the runner, and inherited by the workers.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));

export const e2e = {
  dataDir: process.env.E2E_DATA_DIR,
  webPort: 3210,
  apiPort: 4210,
  /** A second web tier whose API never answers (nothing listens there). */
  webWithoutApiPort: 3211,
  /** A third web tier on the same API whose pages fail for a marker (foundation/render-faults.mjs). */
  webWithRenderFaultsPort: 3212,
  chromium: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  /** The members' webshop as a relying party of the sign-in, started by its journey on this port. */
  shop: {
    port: 3220,
    clientId: "e2e-members-shop",
    clientSecret: "e2e-shop-client-secret-0123456789abcdef",
  },
  admin: { email: "admin@e2e.example.com", password: "E2e-Admin-Passw0rd!" },
  seedToken: "e2e-seed-token-0123456789abcdef",
  /** Short access tokens, so journeys cross an expiry and the refresh path is exercised. */
  accessTokenTtlSeconds: 15,
  ci: Boolean(process.env.CI),
};

export const apiURL = `http://127.0.0.1:${e2e.apiPort}`;
export const baseURL = `http://localhost:${e2e.webPort}`;
export const mailDir = path.join(e2e.dataDir, "mail");
