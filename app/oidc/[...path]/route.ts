import { webEnv } from "@/web/env";
import { forwardToIdentityProvider } from "@/web/oidc-pass-through";

// The webshop's sign-in (OpenID Connect): the API's identity provider, under this origin, which
// is the issuer. web/oidc-pass-through.ts says what crosses.
export const dynamic = "force-dynamic";

async function handle(request: Request): Promise<Response> {
  const env = webEnv();
  return forwardToIdentityProvider(request, {
    apiUrl: env.API_URL,
    timeoutMs: env.BFF_UPSTREAM_TIMEOUT_MS,
    clientIpHeader: env.CLIENT_IP_HEADER,
  });
}

export { handle as GET, handle as POST };
