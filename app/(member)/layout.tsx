import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AuthGate } from "@/components/auth/auth-gate";
import { AppHeader } from "@/components/layout/app-header";
import { getSession } from "@/lib/web/session-server";

/** Member pages: the server re-checks the session with the API (proxy.ts is only optimistic). */
export default async function MemberLayout({ children }: { children: ReactNode }) {
  if (!(await getSession())) redirect("/login");
  return (
    <>
      <AppHeader />
      <AuthGate>{children}</AuthGate>
    </>
  );
}
