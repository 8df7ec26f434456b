import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AuthGate } from "@/components/auth/auth-gate";
import { AppHeader } from "@/components/layout/app-header";
import { dashboardWithNotice } from "@/lib/web/notices";
import { isAdminRole } from "@/lib/web/route-guards";
import { requireSession } from "@/lib/web/session-server";

/**
 * Admin pages: proxy.ts decides optimistically from the token's claims; this re-check asks the
 * API for the user as it is now, so a revoked admin role is caught here too.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const session = await requireSession();
  if (!isAdminRole(session.user.role)) redirect(dashboardWithNotice("admin-only"));
  return (
    <>
      <AppHeader />
      <AuthGate>{children}</AuthGate>
    </>
  );
}
