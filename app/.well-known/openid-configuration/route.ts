import { webEnv } from "@/web/env";
import { forwardToIdentityProvider } from "@/web/oidc-pass-through";

// The identity provider's discovery document, where relying parties look for it under the issuer.
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const env = webEnv();
  return forwardToIdentityProvider(request, {
    apiUrl: env.API_URL,
    timeoutMs: env.BFF_UPSTREAM_TIMEOUT_MS,
    clientIpHeader: env.CLIENT_IP_HEADER,
  });
}
