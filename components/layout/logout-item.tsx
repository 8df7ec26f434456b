"use client";

import { useTranslations } from "next-intl";
import { useAuth } from "@/components/auth/auth-provider";

/** The header's logout entry, one list item for both the profile menu and the mobile menu. */
export function LogoutItem({ className }: { className: string }) {
  const t = useTranslations("Header");
  const { logout } = useAuth();
  return (
    <li>
      <button type="button" className={`${className} block w-full text-left`} onClick={() => void logout()}>
        {t("logout")}
      </button>
    </li>
  );
}
