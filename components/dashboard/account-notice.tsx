import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { linkClass } from "@/components/ui/styles";

const TONES = {
  active: "border-green-300 bg-green-50 text-green-950",
  pending: "border-amber-300 bg-amber-50 text-amber-950",
} as const;

/**
 * Where the member's account stands, once there is something to say: approved (active), or every
 * step done and waiting for an admin. Before that the next open step is the call to action. Once
 * the steps are gone from the dashboard, it leads to My account, where the details, documents
 * and contracts stay within reach.
 */
export async function AccountNotice({ approved, allDone }: { approved: boolean; allDone: boolean }) {
  const t = await getTranslations("Dashboard");
  const kind = approved ? "active" : allDone ? "pending" : null;
  if (!kind) return null;
  return (
    <section
      role="status"
      aria-labelledby={`${kind}-heading`}
      className={`rounded-2xl border p-5 shadow-xl ${TONES[kind]}`}
    >
      <h2 id={`${kind}-heading`} className="font-semibold">
        {t(`${kind}.title`)}
      </h2>
      <p className="mt-1">{t(`${kind}.body`)}</p>
      <p className="mt-2">
        <Link href="/profile" className={linkClass}>
          {t("myAccountLink")}
        </Link>
      </p>
    </section>
  );
}
