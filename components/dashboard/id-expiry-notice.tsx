import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import type { IdExpiry } from "@/lib/schemas/id-expiry";

/**
 * The member's ID expires within 30 days, or has expired: the date in the page's language and
 * the way to the upload, whose new ID replaces the old one (after approval an admin reviews the
 * change while the account stays usable). Nothing otherwise, nor when the state could not be
 * loaded: the dashboard does not block on it.
 */
export async function IdExpiryNotice({
  expiry,
  userType,
}: {
  expiry: IdExpiry | null;
  userType: "personal" | "company";
}) {
  if (!expiry?.expiryDate || (expiry.state !== "expiring" && expiry.state !== "expired")) return null;
  const t = await getTranslations("Dashboard.idExpiry");
  const format = await getFormatter();
  // A calendar day: formatted in UTC, so no time zone moves it to the day before.
  const date = format.dateTime(new Date(`${expiry.expiryDate}T00:00:00Z`), {
    dateStyle: "long",
    timeZone: "UTC",
  });
  const expired = expiry.state === "expired";
  return (
    <section
      role="status"
      aria-labelledby="id-expiry-heading"
      data-testid="id-expiry-notice"
      className={`rounded-2xl border p-5 shadow-xl ${
        expired ? "border-red-300 bg-red-50 text-red-950" : "border-amber-300 bg-amber-50 text-amber-950"
      }`}
    >
      <h2 id="id-expiry-heading" className="font-semibold">
        {expired ? t("expiredTitle", { type: userType }) : t("expiringTitle", { type: userType, date })}
      </h2>
      <p className="mt-1">{expired ? t("expiredBody", { date }) : t("expiringBody")}</p>
      <Link href={`/${userType}-id-upload`} className={`${buttonClass({ size: "sm" })} mt-3`}>
        {t("upload", { type: userType })}
      </Link>
    </section>
  );
}
