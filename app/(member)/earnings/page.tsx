import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EarningsOverview } from "@/components/earnings/earnings-overview";
import { earningsQuerySchema } from "@/lib/schemas/partner";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Earnings");
  return { title: t("title") };
}

/** A member's commissions (the layout has checked the session); `?page` picks the page. */
export default async function EarningsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { page } = await searchParams;
  // The API's own rule for the page: anything it would refuse is the first page.
  const parsed = earningsQuerySchema.safeParse({ page: typeof page === "string" ? page : undefined });
  return <EarningsOverview page={parsed.success ? parsed.data.page : 1} />;
}
