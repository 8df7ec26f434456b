"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { initials } from "@/lib/display-name";
import { canManageReferrals, isAdminRole } from "@/web/route-guards";
import { HeaderMenu } from "./header-menu";
import { LanguageSwitcher } from "./language-switcher";
import { LogoutItem } from "./logout-item";

const ADMIN_LINKS = [
  { href: "/admin/dashboard", key: "adminDashboard" },
  { href: "/admin/user-management", key: "userManagement" },
  { href: "/admin/permission-management", key: "permissionManagement" },
  { href: "/admin/verify-users", key: "verifyUsers" },
  { href: "/admin/audit-log", key: "auditLog" },
  { href: "/admin/contract-dashboard", key: "contractDashboard" },
  { href: "/admin/news", key: "news" },
] as const;
/** Money settings: the API answers 403 to other admins, so only super admins see the link. */
const SUPER_ADMIN_LINKS = [{ href: "/admin/partner-programme", key: "partnerProgramme" }] as const;

const navLinkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800";

/** The header for logged-in users, with a mobile menu that mirrors it. */
export function AppHeader() {
  const t = useTranslations("Header");
  const { user } = useAuth();
  const pathname = usePathname();
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileMenuId = useId();

  // A navigation closes the mobile menu (the disclosure menus close themselves).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path by design.
  useEffect(() => setMobileOpen(false), [pathname]);

  if (!user) return null;
  const showReferrals = canManageReferrals(user);
  const showAdmin = isAdminRole(user.role);
  const current = (href: string) =>
    pathname === href || pathname.startsWith(`${href}/`) ? "page" : undefined;
  const adminLinks = [...ADMIN_LINKS, ...(user.role === "super_admin" ? SUPER_ADMIN_LINKS : [])];
  const adminItems = adminLinks.map((link) => (
    <li key={link.href}>
      <Link href={link.href} className={`${navLinkClass} block`} aria-current={current(link.href)}>
        {t(link.key)}
      </Link>
    </li>
  ));
  const mainLinks = [
    { href: "/dashboard", label: t("dashboard") },
    ...(showReferrals ? [{ href: "/referral-management", label: t("referrals") }] : []),
    { href: "/profile", label: t("profile") },
  ];

  return (
    <header className="bg-white/95 shadow-sm">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 sm:px-6">
        <Link href="/dashboard" className="mr-2 text-lg font-bold text-brand-800">
          <span aria-hidden="true">PP</span>
          <span className="sr-only">{t("home")}</span>
        </Link>
        <nav aria-label={t("mainNavigation")} className="hidden flex-1 items-center gap-1 md:flex">
          {mainLinks.map((link) => (
            <Link key={link.href} href={link.href} className={navLinkClass} aria-current={current(link.href)}>
              {link.label}
            </Link>
          ))}
          {showAdmin && (
            <HeaderMenu
              buttonClassName={navLinkClass}
              button={
                <>
                  {t("admin")} <span aria-hidden="true">▾</span>
                </>
              }
              menuClassName="absolute left-0 z-20 mt-1 w-60 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200"
            >
              {adminItems}
            </HeaderMenu>
          )}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher />
          <HeaderMenu
            className="hidden md:block"
            buttonClassName="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-900"
            button={
              <>
                <span aria-hidden="true" data-testid="avatar-initials">
                  {initials(user)}
                </span>
                <span className="sr-only">{t("profileMenu")}</span>
              </>
            }
            menuClassName="absolute right-0 z-20 mt-1 w-56 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200"
          >
            <li className="truncate px-3 py-2 text-sm text-slate-700">{user.email}</li>
            <li>
              <Link href="/profile" className={`${navLinkClass} block`}>
                {t("profile")}
              </Link>
            </li>
            <LogoutItem className={navLinkClass} />
          </HeaderMenu>
          <button
            type="button"
            className="rounded-md p-2 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 md:hidden"
            aria-expanded={mobileOpen}
            aria-controls={mobileMenuId}
            aria-label={mobileOpen ? t("closeMenu") : t("openMenu")}
            onClick={() => setMobileOpen((open) => !open)}
          >
            <span aria-hidden="true">☰</span>
          </button>
        </div>
      </div>
      {mobileOpen && (
        <nav
          id={mobileMenuId}
          aria-label={t("mainNavigation")}
          className="border-t border-slate-200 px-4 py-2 md:hidden"
        >
          <ul className="space-y-1">
            {mainLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className={`${navLinkClass} block`} aria-current={current(link.href)}>
                  {link.label}
                </Link>
              </li>
            ))}
            {showAdmin && adminItems}
            <LogoutItem className={navLinkClass} />
          </ul>
        </nav>
      )}
    </header>
  );
}
