import { redirect } from "next/navigation";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { AuthGate } from "@/components/auth/auth-gate";
import { MoreMessages } from "@/components/i18n/more-messages";
import { AppHeader } from "@/components/layout/app-header";
import { authApi } from "@/lib/api/auth";
import { apiPath } from "@/lib/api/endpoint";
import { adminClientMessages } from "@/lib/i18n/message-scopes";
import { totpStatusSchema } from "@/lib/schemas/two-factor";
import { apiLoadAsUser } from "@/web/api-server";
import { dashboardWithNotice } from "@/web/notices";
import { isAdminRole } from "@/web/route-guards";
import { requireSession } from "@/web/session-server";

/**
 * Admin pages: proxy.ts decides optimistically from the token's claims; this re-check asks the
 * API for the user as it is now, so a revoked admin role is caught here too. Admins must sign in
 * with a second factor: one who has not set it up is sent to do so before any admin page.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const session = await requireSession();
  if (!isAdminRole(session.user.role)) redirect(dashboardWithNotice("admin-only"));
  const twoFactor = await apiLoadAsUser(apiPath(authApi.totpStatus), totpStatusSchema);
  // Only a clear "not on" (or "not proved by this session", which the API refuses admin calls
  // for) redirects: when the API cannot answer, the admin pages' own calls fail and say so, and
  // sending the admin elsewhere would hide that.
  if (twoFactor.ok && !(twoFactor.data.enabled && twoFactor.data.sessionSecondFactor))
    redirect("/two-factor");
  // The admin screens' texts come on top of the shared ones the root layout gave every page.
  const messages = adminClientMessages(await getMessages());
  return (
    <MoreMessages messages={messages}>
      <AppHeader />
      <AuthGate>{children}</AuthGate>
    </MoreMessages>
  );
}
