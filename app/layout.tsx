import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AuthProvider } from "@/components/auth/auth-provider";
import { Background } from "@/components/layout/background";
import { RouteFocus } from "@/components/layout/route-focus";
import { SiteFooter } from "@/components/layout/site-footer";
import { Toaster } from "@/components/ui/toaster";
import { sharedClientMessages } from "@/lib/i18n/message-scopes";
import { webEnv } from "@/web/env";
import { getSession } from "@/web/session-server";
import { isMobileUserAgent } from "@/web/user-agent";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Common");
  return {
    // Pages give their own name; the template adds the product's.
    title: { default: t("appName"), template: `%s · ${t("appName")}` },
    // Files in public/ (proxy.ts leaves them alone), so no icon request renders the 404 page.
    icons: {
      icon: [
        { url: "/favicon.ico", sizes: "48x48" },
        { url: "/icon.svg", type: "image/svg+xml" },
      ],
      apple: "/apple-touch-icon.png",
    },
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0d47a1" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const t = await getTranslations("Common");
  const requestHeaders = await headers();
  const animated = !isMobileUserAgent(requestHeaders.get("user-agent"));
  const session = await getSession();
  const env = webEnv();
  const messages = sharedClientMessages(await getMessages());

  return (
    <html lang={locale}>
      <body className="min-h-screen antialiased">
        <RouteFocus />
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800"
        >
          {t("skipToContent")}
        </a>
        <Background animated={animated} />
        <NextIntlClientProvider messages={messages}>
          <AuthProvider initialSession={session}>{children}</AuthProvider>
          <Toaster />
        </NextIntlClientProvider>
        <SiteFooter privacyUrl={env.PRIVACY_URL} imprintUrl={env.IMPRINT_URL} />
      </body>
    </html>
  );
}
