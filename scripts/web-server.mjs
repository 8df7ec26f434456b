#!/usr/bin/env node
// Starts the web tier's server process (web/server/web-server.mjs): Next.js behind a plain Node
// HTTP server. `npm start` runs it beside the API; `node scripts/web-server.mjs [--dev]` alone.
import "../web/server/web-server.mjs";
