import { getTranslations } from "next-intl/server";

/**
 * Where the member's account stands, once there is something to say: approved (active), or every
 * step done and waiting for an admin. Before that the next open step is the call to action.
 */
export async function AccountNotice({ approved, allDone }: { approved: boolean; allDone: boolean }) {
  const t = await getTranslations("Dashboard");
  if (approved) {
    return (
      <section
        role="status"
        aria-labelledby="active-heading"
        className="rounded-2xl border border-green-300 bg-green-50 p-5 text-green-950 shadow-xl"
      >
        <h2 id="active-heading" className="font-semibold">
          {t("active.title")}
        </h2>
        <p className="mt-1">{t("active.body")}</p>
      </section>
    );
  }
  if (!allDone) return null;
  return (
    <section
      role="status"
      aria-labelledby="pending-heading"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 shadow-xl"
    >
      <h2 id="pending-heading" className="font-semibold">
        {t("pending.title")}
      </h2>
      <p className="mt-1">{t("pending.body")}</p>
    </section>
  );
}
