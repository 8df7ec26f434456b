import { sql } from "drizzle-orm";
import type { Database } from "../../db";
import { news } from "../../db/schema";

type SampleItem = { id: string; language: "en" | "de"; daysAgo: number; title: string; body: string };

// Fixed ids: two instances seeding the same empty table at once insert the same rows, and the
// second's conflict does nothing, so there are never two sets.
const SAMPLE_NEWS: SampleItem[] = [
  {
    id: "6e3b0c1a-0000-4000-8000-000000000e01",
    language: "en",
    daysAgo: 0,
    title: "Referral links with limits",
    body: "Links can now expire after 1, 3 or 7 days and allow a fixed number of uses. You can deactivate a link at any time under Referral management.",
  },
  {
    id: "6e3b0c1a-0000-4000-8000-000000000e02",
    language: "en",
    daysAgo: 3,
    title: "Faster onboarding",
    body: "Verify your email, upload your ID and complete your profile in any order. Once all three are done, you can sign your contract online.",
  },
  {
    id: "6e3b0c1a-0000-4000-8000-000000000e03",
    language: "en",
    daysAgo: 7,
    title: "Welcome to the partner platform",
    body: "Invite new partners with your personal referral links and follow every registration from your dashboard.",
  },
  {
    id: "6e3b0c1a-0000-4000-8000-000000000d01",
    language: "de",
    daysAgo: 0,
    title: "Empfehlungslinks mit Grenzen",
    body: "Links können jetzt nach 1, 3 oder 7 Tagen ablaufen und eine feste Zahl von Verwendungen erlauben. In der Empfehlungsverwaltung deaktivieren Sie einen Link jederzeit.",
  },
  {
    id: "6e3b0c1a-0000-4000-8000-000000000d02",
    language: "de",
    daysAgo: 3,
    title: "Schneller startklar",
    body: "Bestätigen Sie Ihre E-Mail-Adresse, laden Sie Ihren Ausweis hoch und vervollständigen Sie Ihr Profil in beliebiger Reihenfolge. Danach unterschreiben Sie Ihren Vertrag online.",
  },
  {
    id: "6e3b0c1a-0000-4000-8000-000000000d03",
    language: "de",
    daysAgo: 7,
    title: "Willkommen auf der Partnerplattform",
    body: "Laden Sie neue Partner mit Ihren persönlichen Empfehlungslinks ein und verfolgen Sie jede Registrierung in Ihrem Dashboard.",
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

export const SAMPLE_NEWS_IDS = SAMPLE_NEWS.map((item) => item.id);

/**
 * Three sample items per language, only while the news table is empty (so deleted ones stay
 * deleted). They are drafts marked as samples: admins see what a news item looks like and may
 * take one over by saving it; members never see a sample.
 */
export async function seedSampleNews(db: Database, now = new Date()): Promise<void> {
  const [existing] = await db.select({ one: sql<number>`1` }).from(news).limit(1);
  if (existing) return;
  await db
    .insert(news)
    .values(
      SAMPLE_NEWS.map(({ daysAgo, ...item }) => ({
        ...item,
        // Midnight UTC of the day, like every item an admin dates.
        publishedAt: new Date(
          `${new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10)}T00:00:00.000Z`,
        ),
        published: false,
        sample: true,
      })),
    )
    .onConflictDoNothing({ target: news.id });
}
