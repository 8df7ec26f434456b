import { getFormatter, getTranslations } from "next-intl/server";
import type { SentBack } from "@/lib/schemas/onboarding";

/** The id of the note beside a sent-back step, for the step's action to be described by it. */
export const sentBackNoteId = "sent-back-note";

/**
 * Beside the step an admin sent back: when, and why in the admin's words when the API has them
 * (else where the member finds them). The admin's text is shown as text, never as markup.
 */
export async function SentBackNote({ sentBack }: { sentBack: SentBack }) {
  const t = await getTranslations("Dashboard");
  const format = await getFormatter();
  return (
    <div
      id={sentBackNoteId}
      className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
    >
      <p className="font-semibold">
        {t("sentBack.title", { date: format.dateTime(new Date(sentBack.at), { dateStyle: "medium" }) })}
      </p>
      <p className="mt-1 break-words">
        {sentBack.reason ? t("sentBack.reason", { reason: sentBack.reason }) : t("sentBack.reasonByMail")}
      </p>
    </div>
  );
}
