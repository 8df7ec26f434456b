import type { ReactNode } from "react";
import { AuthGate } from "@/components/auth/auth-gate";
import { AppHeader } from "@/components/layout/app-header";
import { requireSession } from "@/web/session-server";

/** Member pages: the server re-checks the session with the API (proxy.ts is only optimistic). */
export default async function MemberLayout({ children }: { children: ReactNode }) {
  await requireSession();
  return (
    <>
      <AppHeader />
      <AuthGate>{children}</AuthGate>
    </>
  );
}
