// JavaScript rather than TypeScript: a release install has no TypeScript compiler to load a
// next.config.ts with, and plain ESM needs none. The JSDoc annotation keeps the editor's checks.
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  // The messages are compiled when the app is built, so browsers get the formatter without the
  // ICU message parser (one less library in every page's first load) and format without parsing.
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

/** @type {import("next").NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Types are checked once for the whole repository by `npm run typecheck` (part of `npm test`);
  // checking them again in every build only doubles the wait on a small machine.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    // Pages and the BFF set their own headers (proxy.ts, the BFF route); static assets get these.
    return [
      {
        source: "/_next/static/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
