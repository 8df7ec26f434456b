import { handleBffRequest } from "@/web/bff-session";
import { webEnv } from "@/web/env";

// The BFF: every /api/* call of the browser goes through here to the API, so the browser talks
// to one origin and never holds a token.
export const dynamic = "force-dynamic";

async function handle(request: Request): Promise<Response> {
  const env = webEnv();
  return handleBffRequest(request, {
    apiUrl: env.API_URL,
    publicUrl: env.PUBLIC_URL,
    timeoutMs: env.BFF_UPSTREAM_TIMEOUT_MS,
    clientIpHeader: env.CLIENT_IP_HEADER,
  });
}

export {
  handle as DELETE,
  handle as GET,
  handle as HEAD,
  handle as OPTIONS,
  handle as PATCH,
  handle as POST,
  handle as PUT,
};
