import type { RouteConfig } from "@hono/zod-openapi";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { Database } from "../db";
import { preparedPerDatabase } from "../db/prepared";
import { permissionNamesFrom, type UserRow } from "../db/queries/users";
import {
  authSessions,
  companyProfiles,
  permissions,
  personalProfiles,
  userPermissions,
  users,
} from "../db/schema";
import type { Actor } from "../domain/actor";
import { profileColumns } from "../domain/profile/load-profile";
import { AppError, type ErrorReason } from "../errors";
import { type AppEnv, requestContext } from "../http";
import type { TokenService } from "../infra/tokens";
import { errorResponses, routesWith } from "./openapi";

/** The caller's active permission names, ordered, as one JSON array beside the user row. */
const activePermissions = sql`(
  select coalesce(json_agg(${permissions.name} order by ${permissions.name}), '[]'::json)
  from ${userPermissions} join ${permissions} on ${permissions.id} = ${userPermissions.permissionId}
  where ${userPermissions.userId} = ${users.id} and ${permissions.isActive}
)`.mapWith(permissionNamesFrom);

/** The token's session, joined only while it is live (same owner, not revoked, not expired). */
const liveSession = and(
  eq(authSessions.id, sql.placeholder("sid")),
  eq(authSessions.userId, users.id),
  isNull(authSessions.revokedAt),
  gt(authSessions.expiresAt, sql`now()`),
);

/**
 * One query: the user, whether this session is still live, and the active permissions. The
 * session is left-joined so that a dead one still tells a suspended owner apart. Prepared once
 * per database: every protected call runs it, and building its SQL each time cost more than
 * running it.
 */
const sessionQuery = preparedPerDatabase((db: Database) =>
  db
    .select({
      user: users,
      sessionId: authSessions.id,
      secondFactorAt: authSessions.secondFactorAt,
      permissions: activePermissions,
    })
    .from(users)
    .leftJoin(authSessions, liveSession)
    .where(eq(users.id, sql.placeholder("sub")))
    .limit(1)
    .prepare("authenticate_session"),
);

/**
 * The same, with the caller's stored profile row of either type beside it: what the session
 * read (/api/auth/me) answers, in one round trip instead of two.
 */
const sessionWithProfileQuery = preparedPerDatabase((db: Database) =>
  db
    .select({
      user: users,
      sessionId: authSessions.id,
      secondFactorAt: authSessions.secondFactorAt,
      permissions: activePermissions,
      personalProfile: profileColumns.personal,
      companyProfile: profileColumns.company,
    })
    .from(users)
    .leftJoin(authSessions, liveSession)
    .leftJoin(personalProfiles, eq(personalProfiles.userId, users.id))
    .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .where(eq(users.id, sql.placeholder("sub")))
    .limit(1)
    .prepare("authenticate_session_with_profile"),
);

type SessionDeps = { db: Database; tokens: TokenService };

type SessionRow = {
  user: UserRow;
  sessionId: string | null;
  secondFactorAt: Date | null;
  permissions: string[];
};

export const ADMIN_ROLES = ["admin", "super_admin"] as const;

const isAdminRole = (role: UserRow["role"]) => (ADMIN_ROLES as readonly string[]).includes(role);

/**
 * Which callers a route lets in. "member" (every call but a few): an admin's session must have
 * passed a second factor, whatever the call, since an admin's member calls (contracts, links)
 * also reach other members' data. "enrolment": what an admin who has not passed one needs to
 * set it up (who am I, the two-factor settings); nothing else answers them.
 */
type Gate = "member" | "enrolment";

/**
 * The checks of every protected call: the Bearer token must verify (EdDSA only, our issuer and
 * audience, not expired), its session must still be live, and role, status and permissions are
 * read from the database now, never trusted from the token. Sets `auth`, with whatever `extra`
 * takes from the row.
 */
async function checkCaller<Row extends SessionRow>(
  c: Context<AppEnv>,
  deps: SessionDeps,
  gate: Gate,
  query: (db: Database) => { execute(values: { sub: string; sid: string }): Promise<Row[]> },
  extra?: (row: Row) => Partial<AppEnv["Variables"]["auth"]>,
): Promise<void> {
  const header = c.req.header("authorization");
  const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
  if (!token) throw new AppError("UNAUTHORIZED");
  let claims: Awaited<ReturnType<TokenService["verifyAccessToken"]>>;
  try {
    claims = await deps.tokens.verifyAccessToken(token);
  } catch {
    throw new AppError("UNAUTHORIZED");
  }
  const [row] = await query(deps.db).execute({ sub: claims.sub, sid: claims.sid });
  // Suspension ends every session; saying so lets the holder of the (signed, still unexpired)
  // token learn why, instead of a bare "session expired".
  if (row?.user.status === "suspended") throw new AppError("ACCOUNT_SUSPENDED");
  if (!row?.sessionId) throw new AppError("UNAUTHORIZED");
  // Read from the session now, like the role: a member promoted to admin gets no admin data
  // through the sessions they already had, until one of them proves a second factor.
  const secondFactor = row.secondFactorAt !== null;
  if (gate === "member" && !secondFactor && isAdminRole(row.user.role)) {
    throw new AppError("TWO_FACTOR_REQUIRED");
  }
  c.set("auth", {
    user: row.user,
    permissions: row.permissions,
    sessionId: claims.sid,
    secondFactor,
    ...extra?.(row),
  });
}

/** Every protected call: see `checkCaller`. */
export function authenticate(deps: SessionDeps, gate: Gate = "member"): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await checkCaller(c, deps, gate, sessionQuery);
    await next();
  };
}

/** `authenticate`, reading the caller's stored profile row in the same query into `auth.profile`. */
function authenticateWithProfile(deps: SessionDeps, gate: Gate): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await checkCaller(c, deps, gate, sessionWithProfileQuery, (row) => ({
      profile: row.user.userType === "personal" ? row.personalProfile : row.companyProfile,
    }));
    await next();
  };
}

/** After `authenticate`: the caller's current role must be one of these. */
export function requireRole(
  ...roles: ReadonlyArray<"user" | "admin" | "super_admin">
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!roles.includes(c.var.auth.user.role)) {
      throw new AppError("FORBIDDEN", "adminAreaDenied");
    }
    await next();
  };
}

// One reason per account type, so the German text names the type in German too.
const WRONG_USER_TYPE = {
  personal: "personalUsersOnly",
  company: "companyUsersOnly",
} as const satisfies Record<"personal" | "company", ErrorReason>;

/**
 * After `authenticate`: the caller's account type (read from the database) must be `type`;
 * personal accounts on company calls, and the other way round, get 403.
 */
export function requireUserType(type: "personal" | "company"): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.var.auth.user.userType !== type) {
      throw new AppError("FORBIDDEN", WRONG_USER_TYPE[type]);
    }
    await next();
  };
}

/**
 * `authenticate`, then the admin role check, as one middleware: what every admin-only route
 * puts first (and what a plain `app.post` route can take as its single middleware).
 */
export function authenticateAdmin(deps: SessionDeps): MiddlewareHandler<AppEnv> {
  const auth = authenticate(deps);
  const adminRole = requireRole(...ADMIN_ROLES);
  return (c, next) =>
    auth(c, async () => {
      await adminRole(c, next);
    });
}

type RouteResponses = RouteConfig["responses"];

/** createRoute for the calls behind `gate`, each documenting the usual error answers and `responses`. */
const routesBehind = <const E extends RouteResponses>(gate: MiddlewareHandler<AppEnv>, responses: E) =>
  routesWith({ middleware: [gate], responses: { ...errorResponses, ...responses } });

/** The route builder of a router's signed-in calls (`authenticate` first). */
export const memberRoutes = <const E extends RouteResponses = Record<never, never>>(
  deps: SessionDeps,
  responses = {} as E,
  gate: Gate = "member",
) => routesBehind(authenticate(deps, gate), responses);

/** `memberRoutes` for calls that answer the caller's profile: `auth.profile` comes with the session check. */
export const memberRoutesWithProfile = <const E extends RouteResponses = Record<never, never>>(
  deps: SessionDeps,
  responses = {} as E,
  gate: Gate = "member",
) => routesBehind(authenticateWithProfile(deps, gate), responses);

/** The route builder of a router's admin-only calls (`authenticateAdmin` first). */
export const adminRoutes = <const E extends RouteResponses = Record<never, never>>(
  deps: SessionDeps,
  responses = {} as E,
) => routesBehind(authenticateAdmin(deps), responses);

/** Who acts and from where, as the audit trail records it. */
export const actorOf = (c: Context<AppEnv>): Actor => ({
  actorId: c.var.auth.user.id,
  ip: requestContext(c).ip,
});
