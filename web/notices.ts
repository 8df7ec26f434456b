import type { FlashMessage } from "./route-guards";

/**
 * The notices a server-side redirect can carry as `?notice=…`: a server component cannot set the
 * flash cookie proxy.ts uses, so its redirects name the toast in the URL instead. Only these
 * names are shown; anything else in the parameter is dropped.
 */
const NOTICES = {
  "sign-blocked": { key: "Guards.signBlocked" },
  "admin-only": { key: "Guards.adminOnly" },
  "personal-only": { key: "Guards.typeOnly", values: { type: "personal" } },
  "company-only": { key: "Guards.typeOnly", values: { type: "company" } },
  "referral-permission": { key: "Guards.referralPermission" },
} as const satisfies Record<string, FlashMessage>;

export type Notice = keyof typeof NOTICES;

/** `/dashboard?notice=…`: where a server-side guard sends the user, with the toast to show there. */
export const dashboardWithNotice = (notice: Notice) => `/dashboard?notice=${notice}`;

export function readNotice(value: string | null): FlashMessage | undefined {
  return value && Object.hasOwn(NOTICES, value) ? NOTICES[value as Notice] : undefined;
}
