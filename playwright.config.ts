import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./scripts/chromium-flags.mjs";
import { baseURL, e2e } from "./tests/e2e/e2e-env";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: e2e.ci,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    // A first visit's language follows Accept-Language: the browser asks for English whatever
    // the machine's own language, and tests of German pages choose it as a member would.
    locale: "en-US",
    trace: "retain-on-failure",
    // Debian's Chromium, never a downloaded browser; scripts/ensure-chromium.sh
    // installs it first. The servers run the production build (`npm run test:e2e` builds it).
    launchOptions: { executablePath: e2e.chromium, args: CHROMIUM_FLAGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "node scripts/start.mjs",
      url: `http://127.0.0.1:${e2e.webPort}/api/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(e2e.webPort),
        API_PORT: String(e2e.apiPort),
        DATA_DIR: e2e.dataDir ?? "",
        PUBLIC_URL: baseURL,
        LOG_LEVEL: "warn",
        ADMIN_EMAIL: e2e.admin.email,
        ADMIN_PASSWORD: e2e.admin.password,
        E2E_SEED_TOKEN: e2e.seedToken,
        // The API runs as a test (the web tier stays a production build): with NODE_ENV=production
        // it refuses the seeding token.
        NODE_ENV: "test",
        ACCESS_TOKEN_TTL_SECONDS: String(e2e.accessTokenTtlSeconds),
        // The legal links every page's footer and every mail carry (shown only when set).
        PRIVACY_URL: "https://partners.example.com/privacy",
        IMPRINT_URL: "https://partners.example.com/imprint",
        // The webshop's sign-in, with the shop the journey starts (referrals/webshop-sign-in.spec.ts).
        WEBSHOP_OIDC_CLIENT_ID: e2e.shop.clientId,
        WEBSHOP_OIDC_CLIENT_SECRET: e2e.shop.clientSecret,
        WEBSHOP_OIDC_REDIRECT_URIS: `http://127.0.0.1:${e2e.shop.port}/callback`,
        WEBSHOP_SIGN_IN_URL: `http://127.0.0.1:${e2e.shop.port}/login`,
        // The platform's account payout runs pay from (admin/payouts.spec.ts); unset, payouts are off.
        PAYOUT_DEBTOR_NAME: "Partner Platform GmbH",
        PAYOUT_DEBTOR_IBAN: "DE89370400440532013000",
        PAYOUT_DEBTOR_BIC: "COBADEFFXXX",
      },
    },
    {
      command: `node node_modules/next/dist/bin/next start -p ${e2e.webWithoutApiPort}`,
      port: e2e.webWithoutApiPort,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      env: {
        // Port 9 (discard): nothing listens, so every upstream call is refused.
        API_URL: "http://127.0.0.1:9",
        PUBLIC_URL: `http://localhost:${e2e.webWithoutApiPort}`,
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
    {
      command: `node node_modules/next/dist/bin/next start -p ${e2e.webWithRenderFaultsPort}`,
      port: e2e.webWithRenderFaultsPort,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      env: {
        API_URL: `http://127.0.0.1:${e2e.apiPort}`,
        PUBLIC_URL: `http://localhost:${e2e.webWithRenderFaultsPort}`,
        NEXT_TELEMETRY_DISABLED: "1",
        // Test code only: makes a page and the root layout throw for a marker in the request.
        NODE_OPTIONS: "--import ./tests/e2e/foundation/render-faults.mjs",
      },
    },
  ],
});
