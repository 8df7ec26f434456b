import type { IncomingMessage, ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type Provider from "oidc-provider";
import { recordAuditEvent } from "../domain/audit/record-audit-event";
import {
  createWebshopProvider,
  interactionPath,
  memberStatusOf,
  OIDC_DISCOVERY_PATH,
  OIDC_PREFIX,
  type WebshopClient,
} from "../domain/webshop/oidc-provider";
import { AppError } from "../errors";
import type { AppEnv } from "../http";
import { authenticate } from "./authenticate";
import { readsOwnBody } from "./json-body-limit";
import type { MemberRouteDeps } from "./route-deps";

/** The scopes the first-party shop is granted without asking: everything it is configured for. */
const SHOP_SCOPE = "openid email profile member";

/** The page that tells a member why the shop will not let them in (web tier). */
const SHOP_REFUSED_PATH = "/webshop-access";

type NodeBindings = { incoming: IncomingMessage; outgoing: ServerResponse };

/** The Node request and response under Hono's: the provider is a Node (Koa) handler. */
function nodeOf(c: Context<AppEnv>): NodeBindings {
  const env = c.env as Partial<NodeBindings> | undefined;
  if (!env?.incoming || !env.outgoing) throw new AppError("INTERNAL", "identityProviderNeedsNode");
  return env as NodeBindings;
}

type NodeHandler = (incoming: IncomingMessage, outgoing: ServerResponse) => unknown;

/** Hands the request to the provider's handler and waits until it has answered. */
async function passToProvider(handle: NodeHandler, { incoming, outgoing }: NodeBindings): Promise<Response> {
  await new Promise<void>((resolve) => {
    outgoing.once("finish", resolve);
    outgoing.once("close", resolve);
    void handle(incoming, outgoing);
  });
  return RESPONSE_ALREADY_SENT;
}

function redirect({ outgoing }: NodeBindings, location: string): Response {
  outgoing.statusCode = 303;
  outgoing.setHeader("Location", location);
  outgoing.setHeader("Cache-Control", "no-store");
  outgoing.end();
  return RESPONSE_ALREADY_SENT;
}

/**
 * The members' sign-in for the webshop, under the issuer PUBLIC_URL: discovery, keys, the
 * authorization and token endpoints (the provider's), and the interaction in between, which is
 * ours: the web tier forwards it with the member's session as a Bearer token. Signed in and
 * approved: the shop's scopes are granted and the provider sends the browser back with a code.
 * Signed in but not approved: the web tier's page says why, and no code is issued. Not signed in
 * (or an admin whose session has not passed a second factor): the platform's login, which
 * returns here.
 */
export function registerWebshopOidcRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: MemberRouteDeps & { cookieSecret: string },
  client: WebshopClient,
) {
  // Made at the first sign-in request (it loads or creates its signing key), with its Node handler:
  // Koa composes the middleware on every callback() call, so that happens once, not per request.
  let providerPromise: Promise<{ provider: Provider; handle: NodeHandler }> | undefined;
  const provider = () => {
    providerPromise ??= createWebshopProvider({
      db: deps.db,
      issuer: deps.publicUrl,
      client,
      cookieSecret: deps.cookieSecret,
    }).then((created) => ({ provider: created, handle: created.callback() }));
    providerPromise.catch(() => {
      providerPromise = undefined;
    });
    return providerPromise;
  };
  const gate = authenticate(deps);

  app.get(`${OIDC_PREFIX}interaction/:uid`, readsOwnBody, async (c) => {
    const node = nodeOf(c);
    const { provider: oidc } = await provider();
    let details: Awaited<ReturnType<Provider["interactionDetails"]>>;
    try {
      details = await oidc.interactionDetails(node.incoming, node.outgoing);
    } catch {
      throw new AppError("GONE", "shopSignInExpired");
    }
    const signIn = `/login?next=${encodeURIComponent(interactionPath(details.uid))}`;
    try {
      await gate(c, async () => {});
    } catch (error) {
      if (error instanceof AppError && error.code === "ACCOUNT_SUSPENDED") {
        return redirect(node, `${SHOP_REFUSED_PATH}?reason=suspended`);
      }
      if (error instanceof AppError && error.status < 500) return redirect(node, signIn);
      throw error;
    }
    const user = c.var.auth.user;
    const status = memberStatusOf(user);
    if (status !== "approved") return redirect(node, `${SHOP_REFUSED_PATH}?reason=${status}`);

    const clientId = String(details.params.client_id);
    const grant = new oidc.Grant({ accountId: user.id, clientId });
    grant.addOIDCScope(SHOP_SCOPE);
    const grantId = await grant.save();
    await recordAuditEvent(deps.db, {
      action: "webshop.sign_in",
      actorUserId: user.id,
      subjectUserId: user.id,
      details: { clientId },
      ip: c.var.clientIp ?? null,
    });
    await oidc.interactionFinished(
      node.incoming,
      node.outgoing,
      { login: { accountId: user.id }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return RESPONSE_ALREADY_SENT;
  });

  // The provider reads its own bodies (a token request's form) from the Node request, under its
  // own limits: the API's default cap would read them first.
  app.all(`${OIDC_PREFIX}*`, readsOwnBody, async (c) => passToProvider((await provider()).handle, nodeOf(c)));
  app.get(OIDC_DISCOVERY_PATH, readsOwnBody, async (c) =>
    passToProvider((await provider()).handle, nodeOf(c)),
  );
}
