import { sql } from "drizzle-orm";
import type { Database } from "../../db";
import { contractTemplates, contractTemplateVersions } from "../../db/schema";
import { sanitizeTemplateHtml } from "./template-html";

type DefaultTemplate = {
  id: string;
  versionId: string;
  name: string;
  description: string;
  language: "de" | "en";
  audience: "personal" | "company";
  note: string;
  html: string;
};

// The clauses after the partner's obligations read the same for private and company partners.
const CLOSING_DE = `<h2>3. Vertraulichkeit und Datenschutz</h2>
<p>Beide Seiten behandeln vertrauliche Informationen vertraulich und verarbeiten personenbezogene Daten nur nach den geltenden Datenschutzvorschriften.</p>
<h2>4. Laufzeit und Kündigung</h2>
<p>Die Vereinbarung gilt ab Unterzeichnung auf unbestimmte Zeit und kann von beiden Seiten mit einer Frist von einem Monat zum Monatsende in Textform gekündigt werden.</p>
<p>Datum: {{date}}</p>`;

const CLOSING_EN = `<h2>3. Confidentiality and data protection</h2>
<p>Both parties keep confidential information confidential and process personal data only in line with applicable data protection law.</p>
<h2>4. Term and termination</h2>
<p>This agreement applies from signature for an indefinite period. Either party may end it in writing with one month's notice to the end of a month.</p>
<p>Date: {{date}}</p>`;

const PERSONAL_DE = `<h1>Partnervereinbarung</h1>
<p>zwischen der Partnerplattform (nachfolgend „Plattform") und</p>
<p><strong>{{name}}</strong><br>{{address}}<br>{{email}}</p>
<p>(nachfolgend „Partner")</p>
<h2>1. Gegenstand</h2>
<p>Der Partner empfiehlt der Plattform neue Partner über seine persönlichen Empfehlungslinks. Die Plattform stellt dafür das Partnerportal bereit.</p>
<h2>2. Pflichten des Partners</h2>
<ul>
<li>Der Partner hält seine Angaben im Profil aktuell und vollständig.</li>
<li>Der Partner gibt seine Zugangsdaten nicht an Dritte weiter.</li>
<li>Der Partner wirbt nur mit wahren und nicht irreführenden Aussagen.</li>
</ul>
${CLOSING_DE}`;

const COMPANY_DE = `<h1>Partnervereinbarung für Unternehmen</h1>
<p>zwischen der Partnerplattform (nachfolgend „Plattform") und</p>
<p><strong>{{company}}</strong><br>vertreten durch {{name}}<br>{{address}}<br>{{email}}</p>
<p>(nachfolgend „Partner")</p>
<h2>1. Gegenstand</h2>
<p>Der Partner empfiehlt der Plattform neue Partner über die Empfehlungslinks seines Unternehmenskontos. Die Plattform stellt dafür das Partnerportal bereit.</p>
<h2>2. Pflichten des Partners</h2>
<ul>
<li>Der Partner hält die Unternehmensangaben, insbesondere Handelsregister- und Steuerdaten, aktuell.</li>
<li>Der Unterzeichnende bestätigt, zur Vertretung des Unternehmens berechtigt zu sein.</li>
<li>Der Partner gibt seine Zugangsdaten nicht an Dritte weiter.</li>
</ul>
${CLOSING_DE}`;

const PERSONAL_EN = `<h1>Partner Agreement</h1>
<p>between the partner platform (the "Platform") and</p>
<p><strong>{{name}}</strong><br>{{address}}<br>{{email}}</p>
<p>(the "Partner")</p>
<h2>1. Subject</h2>
<p>The Partner recommends new partners to the Platform through their personal referral links. The Platform provides the partner portal for this purpose.</p>
<h2>2. Partner obligations</h2>
<ul>
<li>The Partner keeps the details in their profile accurate and complete.</li>
<li>The Partner does not share their login details with anyone.</li>
<li>The Partner promotes the Platform only with true and fair statements.</li>
</ul>
${CLOSING_EN}`;

const COMPANY_EN = `<h1>Partner Agreement for Companies</h1>
<p>between the partner platform (the "Platform") and</p>
<p><strong>{{company}}</strong><br>represented by {{name}}<br>{{address}}<br>{{email}}</p>
<p>(the "Partner")</p>
<h2>1. Subject</h2>
<p>The Partner recommends new partners to the Platform through the referral links of its company account. The Platform provides the partner portal for this purpose.</p>
<h2>2. Partner obligations</h2>
<ul>
<li>The Partner keeps its company details, in particular registration and tax numbers, up to date.</li>
<li>The signatory confirms that they are authorised to represent the company.</li>
<li>The Partner does not share its login details with anyone.</li>
</ul>
${CLOSING_EN}`;

// Fixed ids: two instances seeding the same empty table at once insert the same rows, and the
// second's conflict does nothing, so there are never two sets.
export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = [
  {
    id: "7c0a7e11-0000-4000-8000-00000000de01",
    versionId: "7c0a7e11-0000-4000-8000-00000001de01",
    name: "Partnervereinbarung",
    description: "Vereinbarung für private Partner",
    language: "de",
    audience: "personal",
    note: "Standardvorlage",
    html: PERSONAL_DE,
  },
  {
    id: "7c0a7e11-0000-4000-8000-00000000de02",
    versionId: "7c0a7e11-0000-4000-8000-00000001de02",
    name: "Partnervereinbarung für Unternehmen",
    description: "Vereinbarung für Unternehmenspartner",
    language: "de",
    audience: "company",
    note: "Standardvorlage",
    html: COMPANY_DE,
  },
  {
    id: "7c0a7e11-0000-4000-8000-00000000e001",
    versionId: "7c0a7e11-0000-4000-8000-00000001e001",
    name: "Partner Agreement",
    description: "Agreement for individual partners",
    language: "en",
    audience: "personal",
    note: "Default template",
    html: PERSONAL_EN,
  },
  {
    id: "7c0a7e11-0000-4000-8000-00000000e002",
    versionId: "7c0a7e11-0000-4000-8000-00000001e002",
    name: "Partner Agreement for Companies",
    description: "Agreement for company partners",
    language: "en",
    audience: "company",
    note: "Default template",
    html: COMPANY_EN,
  },
];

export const DEFAULT_TEMPLATE_IDS = DEFAULT_TEMPLATES.map((template) => template.id);

/**
 * German and English templates for personal and company members, only while the
 * template table is empty, so templates an admin deactivated or replaced stay that way.
 */
export async function seedDefaultTemplates(db: Database): Promise<void> {
  const [existing] = await db.select({ one: sql<number>`1` }).from(contractTemplates).limit(1);
  if (existing) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(contractTemplates)
      .values(
        DEFAULT_TEMPLATES.map(({ id, name, description, language, audience }) => ({
          id,
          name,
          type: "contract",
          description,
          language,
          audience,
          state: "active" as const,
          currentVersion: 1,
        })),
      )
      .onConflictDoNothing({ target: contractTemplates.id });
    await tx
      .insert(contractTemplateVersions)
      .values(
        DEFAULT_TEMPLATES.map(({ id, versionId, note, html }) => ({
          id: versionId,
          templateId: id,
          version: 1,
          note,
          // Stored as the template calls store HTML: sanitized (it is already harmless).
          html: sanitizeTemplateHtml(html),
        })),
      )
      .onConflictDoNothing();
  });
}
