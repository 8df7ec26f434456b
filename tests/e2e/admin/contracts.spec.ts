import crypto from "node:crypto";
import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { baseURL } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { seedUser, signIn } from "../support";

// Files here run on the shared database: never assume which templates exist or whether a stamp
// does. The template made here is deactivated at the end and the stamp stays (members' PDFs
// then carry it).

// Whole journeys through two pages with PDFs and images, on a small shared machine.
test.describe.configure({ timeout: 180_000 });

async function signInAdmin(page: Page, lang: "de" | "en") {
  const admin = await seedUser(page.request, { role: "admin" });
  await page.context().addCookies([{ name: "app.lang", value: lang, url: baseURL }]);
  await signIn(page, admin);
  return admin;
}

/** The inline status lines inside the page (the same text also shows as a toast outside main). */
const inMain = (page: Page, text: string) => page.getByRole("main").getByText(text, { exact: true });

async function pdfText(path: string) {
  const buffer = await fs.readFile(path);
  expect(buffer.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const pdf = await getDocumentProxy(new Uint8Array(buffer));
  return (await extractText(pdf, { mergePages: true })).text;
}

test("an admin creates a template, previews it, saves a second version and deactivates it (German)", async ({
  page,
}) => {
  const suffix = crypto.randomBytes(4).toString("hex");
  const name = `E2E Vertrag ${suffix}`;
  await signInAdmin(page, "de");

  await page.goto("/admin/contract-templates");
  await expect(page.getByRole("heading", { level: 1, name: "Vertragstemplates" })).toBeVisible();
  await expectAccessible(page);

  // Name and type are required; the content too. Errors sit next to their fields.
  await page.getByRole("button", { name: "Template hochladen" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription(
    "Name ist erforderlich.",
  );
  await expect(page.getByLabel("Typ", { exact: true })).toHaveAccessibleDescription(/Typ ist erforderlich\./);
  await expect(page.getByLabel("HTML-Datei", { exact: true })).toHaveAccessibleDescription(
    /Bitte eine HTML-Datei wählen\./,
  );
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  await expectAccessible(page);

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Typ", { exact: true }).fill("Partnervertrag");
  await page.getByLabel("Beschreibung (optional)").fill("Vertrag für den E2E-Lauf");
  // English and 'both': German members never see it, and it is deactivated at the end.
  await page.getByLabel("Sprache").selectOption({ label: "Englisch" });
  await expect(page.getByLabel("Zielgruppe")).toHaveValue("both");
  await page.getByLabel("Versionsnotiz (optional)").fill("erste Fassung");
  await page.getByLabel("HTML-Datei", { exact: true }).setInputFiles({
    name: "vertrag.html",
    mimeType: "text/html",
    buffer: Buffer.from(
      `<h1>Partnervertrag</h1><p>Erste Fassung ${suffix} für {{name}}.</p><script>document.title="x"</script>`,
    ),
  });
  await page.getByRole("button", { name: "Template hochladen" }).click();
  await expect(inMain(page, "Template erfolgreich hochgeladen.")).toBeVisible();
  const listRow = page.getByRole("row").filter({ hasText: name });
  await expect(listRow).toContainText("Aktiv");
  await expect(listRow).toContainText("v1");
  // The form is empty again for the next template.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expectAccessible(page);

  // The two pages link each other.
  await page.getByRole("link", { name: "Zum Vertrags-Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/contract-dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Vertrags-Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Templates anlegen" })).toHaveAttribute(
    "href",
    "/admin/contract-templates",
  );

  // Filters go to the API: English and 'Beide' keep the template, 'Deutsch' hides it.
  const overview = page.getByRole("region", { name: "Dokumentübersicht" });
  await overview.getByLabel("Sprache").selectOption({ label: "Deutsch" });
  await expect(overview.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  await overview.getByLabel("Sprache").selectOption({ label: "Englisch" });
  await overview.getByLabel("Zielgruppe").selectOption({ label: "Beide" });
  const row = overview.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Partnervertrag");
  await expect(row).toContainText("Englisch");
  await expectAccessible(page);

  // Selecting by keyboard: the row's name button.
  await row.getByRole("button", { name }).focus();
  await page.keyboard.press("Enter");
  await expect(row.getByRole("button", { name })).toHaveAttribute("aria-pressed", "true");
  const panel = page.getByRole("region", { name: "Ausgewähltes Dokument" });
  await expect(panel).toContainText(name);
  await expect(panel).toContainText("Vertrag für den E2E-Lauf");
  await expect(panel).toContainText("v1 (aktuell: v1)");
  await expect(panel).toContainText("Beide");
  const frame = panel.locator("iframe");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(frame).toHaveAttribute("title", `Vorschau von ${name}, Version 1`);
  const preview = panel.frameLocator("iframe");
  await expect(preview.getByText(`Erste Fassung ${suffix}`)).toBeVisible();
  // The preview collapses and opens again.
  await panel.getByRole("button", { name: "Vorschau ausblenden" }).click();
  await expect(frame).toBeHidden();
  await panel.getByRole("button", { name: "Vorschau anzeigen" }).click();
  await expect(frame).toBeVisible();
  await expectAccessible(page);

  // The PDF preview is a real PDF of this version with sample member data.
  const downloading = page.waitForEvent("download");
  await panel.getByRole("button", { name: "PDF-Vorschau" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const text = await pdfText((await download.path()) as string);
  expect(text).toContain(`Erste Fassung ${suffix}`);

  // The editor: code view, save → a new version; v1 stays as it was.
  await panel.getByRole("button", { name: "Bearbeiten" }).click();
  const editor = panel.getByRole("form", { name: "Template bearbeiten" });
  await expect(editor.getByRole("textbox", { name: "Inhalt" })).toContainText(`Erste Fassung ${suffix}`);
  await expect(editor.getByRole("button", { name: "Fett" })).toHaveAttribute("aria-pressed", "false");
  await expect(editor.getByLabel("Template-Name")).toHaveValue(name);
  await expectAccessible(page);
  // The toolbar formats the selection and says so; the code view shows the result.
  await editor.getByRole("textbox", { name: "Inhalt" }).getByText(`Erste Fassung ${suffix}`).click();
  await page.keyboard.press("ControlOrMeta+A");
  await editor.getByRole("button", { name: "Fett" }).click();
  await expect(editor.getByRole("button", { name: "Fett" })).toHaveAttribute("aria-pressed", "true");
  await editor.getByRole("button", { name: "Code-Ansicht" }).click();
  await expect(editor.getByRole("button", { name: "Code-Ansicht" })).toHaveAttribute("aria-pressed", "true");
  await expect(editor.getByRole("button", { name: "Fett" })).toBeDisabled();
  const code = editor.getByRole("textbox", { name: "HTML-Code" });
  await expect(code).toHaveValue(new RegExp(`<b>.*Erste Fassung ${suffix}`, "s"));
  await code.fill(`<h1>Partnervertrag</h1><p>Zweite Fassung ${suffix}.</p>`);
  await editor.getByLabel("Versionsnotiz (optional)").fill("zweite Fassung");
  await expectAccessible(page);
  await editor.getByRole("button", { name: "Als neue Version speichern" }).click();
  await expect(inMain(page, "Template erfolgreich aktualisiert.")).toBeVisible();
  await expect(editor).toHaveCount(0);

  const versions = row.getByLabel(`Version von ${name}`);
  await expect(versions.locator("option")).toHaveText(["v2 – zweite Fassung", "v1 – erste Fassung"]);
  await expect(versions.locator("option:checked")).toHaveText("v2 – zweite Fassung");
  await expect(panel).toContainText("v2 (aktuell: v2)");
  await expect(preview.getByText(`Zweite Fassung ${suffix}`)).toBeVisible();

  await versions.selectOption({ label: "v1 – erste Fassung" });
  await expect(panel).toContainText("v1 (aktuell: v2)");
  await expect(preview.getByText(`Erste Fassung ${suffix}`)).toBeVisible();
  await expect(preview.getByText(`Zweite Fassung ${suffix}`)).toHaveCount(0);
  await expectAccessible(page);

  // State control: deactivated, the list and the panel say so (and it stays off for later tests).
  await row.getByRole("button", { name: "Deaktivieren" }).click();
  await expect(inMain(page, "Status erfolgreich geändert.")).toBeVisible();
  await expect(row).toContainText("Inaktiv");
  await expect(row.getByRole("button", { name: "Aktivieren" })).toBeVisible();
  await expect(panel).toContainText("Inaktiv");
  await expectAccessible(page);

  // Collapsed, the preview frame is gone: the whole page passes the full check.
  await panel.getByRole("button", { name: "Vorschau ausblenden" }).click();
  await expect(panel.locator("iframe")).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Vorschau anzeigen" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  await expectAccessible(page);
});

test("an admin replaces the company stamp: delete with confirmation, checked upload, no second upload (German)", async ({
  page,
}) => {
  const suffix = crypto.randomBytes(4).toString("hex");
  await signInAdmin(page, "de");
  await page.goto("/admin/contract-dashboard");
  const section = page.getByRole("region", { name: "Firmenstempel" });
  const noMore = section.getByText("Ein weiterer Upload ist nicht erlaubt.");
  const fileInput = section.getByLabel("Stempelbild");
  await expect(noMore.or(fileInput)).toBeVisible();
  await expectAccessible(page);

  if (await noMore.isVisible()) {
    await section.getByRole("button", { name: "Löschen" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Stempel löschen" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Abbrechen" })).toBeFocused();
    await expectAccessible(page);
    // Escape keeps the stamp and returns focus to the button.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(section.getByRole("button", { name: "Löschen" })).toBeFocused();
    await section.getByRole("button", { name: "Löschen" }).click();
    await dialog.getByRole("button", { name: "Löschen" }).click();
    await expect(section.getByText("Stempel gelöscht.", { exact: true })).toBeVisible();
    await expect(noMore).toHaveCount(0);
  }
  await expect(section.getByText("Kein aktiver Stempel.")).toBeVisible();
  await expect(section.getByText("Keine Stempel gespeichert.")).toBeVisible();

  // Checked in the page before anything is sent.
  await section.getByRole("button", { name: "Stempel hochladen" }).click();
  await expect(fileInput).toHaveAccessibleDescription(/Kein Stempel ausgewählt\./);
  const noise = await sharp(crypto.randomBytes(600 * 600 * 3), {
    raw: { width: 600, height: 600, channels: 3 },
  })
    .png()
    .toBuffer();
  expect(noise.length).toBeGreaterThan(500 * 1024);
  await fileInput.setInputFiles({ name: "gross.png", mimeType: "image/png", buffer: noise });
  await expect(section.getByText("Datei zu groß (max. 500 KB).")).toBeVisible();
  await expectAccessible(page);
  await fileInput.setInputFiles({
    name: "stempel.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("kein Bild"),
  });
  await expect(section.getByText("Ungültiger Dateityp. Erlaubt: PNG, JPG, WEBP.")).toBeVisible();

  const stamp = await sharp({
    create: { width: 240, height: 120, channels: 4, background: { r: 30, g: 64, b: 175, alpha: 1 } },
  })
    .png()
    .toBuffer();
  await fileInput.setInputFiles({ name: "stempel.png", mimeType: "image/png", buffer: stamp });
  await expect(section.getByText("Ungültiger Dateityp. Erlaubt: PNG, JPG, WEBP.")).toHaveCount(0);
  const sizeKb = new Intl.NumberFormat("de", { maximumFractionDigits: 1 }).format(stamp.length / 1024);
  await expect(section.getByText(`stempel.png (${sizeKb} KB)`)).toBeVisible();
  await expect(section.getByRole("img", { name: "Vorschau des gewählten Stempels" })).toBeVisible();
  const opening = page.waitForEvent("popup");
  await section.getByRole("link", { name: /Groß öffnen/ }).click();
  const popup = await opening;
  expect(popup.url()).toMatch(/^blob:/);
  await popup.close();
  // 'Entfernen' drops the choice.
  await section.getByRole("button", { name: "Entfernen" }).click();
  await expect(section.getByText(`stempel.png (${sizeKb} KB)`)).toHaveCount(0);

  // The API decides by the bytes: HTML named .png is refused with its status and message.
  await fileInput.setInputFiles({
    name: "falsch.png",
    mimeType: "image/png",
    buffer: Buffer.from("<html><body>kein Bild</body></html>"),
  });
  await section.getByRole("button", { name: "Stempel hochladen" }).click();
  await expect(
    section.getByRole("alert").filter({ hasText: /^Upload fehlgeschlagen \(HTTP 415\)\./ }),
  ).toBeVisible();
  await expectAccessible(page);

  // Someone else uploaded meanwhile: the refusal (409) brings that stamp into view.
  const other = await page.request.post("/api/company-stamps", {
    headers: { Origin: baseURL },
    data: { base64: stamp.toString("base64"), mimeType: "image/png", label: `Andere ${suffix}` },
  });
  expect(other.status()).toBe(201);
  await fileInput.setInputFiles({ name: "stempel.png", mimeType: "image/png", buffer: stamp });
  await section.getByRole("button", { name: "Stempel hochladen" }).click();
  await expect(
    section.getByText("Vorhandener Firmenstempel geladen (Upload nicht erlaubt).", { exact: true }),
  ).toBeVisible();
  await expect(noMore).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: "Stempel ID 1" })).toContainText(
    `Bezeichnung: Andere ${suffix}`,
  );
  // Not active: it can be activated from the list, and then deleted again.
  await section.getByRole("button", { name: "Aktivieren" }).click();
  await expect(section.getByText("Stempel aktiviert.", { exact: true })).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: "Stempel ID 1" })).toHaveAttribute(
    "data-active",
    "true",
  );
  await section.getByRole("button", { name: "Löschen" }).click();
  await page
    .getByRole("alertdialog", { name: "Stempel löschen" })
    .getByRole("button", { name: "Löschen" })
    .click();
  await expect(section.getByText("Stempel gelöscht.", { exact: true })).toBeVisible();
  await expect(section.getByRole("heading", { name: "Firmenstempel" })).toBeFocused();

  await fileInput.setInputFiles({ name: "stempel.png", mimeType: "image/png", buffer: stamp });
  await section.getByLabel("Bezeichnung (optional)").fill(`Stempel ${suffix}`);
  await section.getByLabel("Direkt aktivieren").check();
  await expectAccessible(page);
  await section.getByRole("button", { name: "Stempel hochladen" }).click();

  await expect(section.getByText("Stempel hochgeladen. Stempel aktiviert.", { exact: true })).toBeVisible();
  await expect(noMore).toBeVisible();
  const saved = section.getByRole("listitem").filter({ hasText: "Stempel ID 1" });
  await expect(saved).toContainText("Aktiv");
  await expect(saved).toHaveAttribute("data-active", "true");
  await expect(saved).toContainText(`Bezeichnung: Stempel ${suffix}`);
  await expect(saved.getByRole("img", { name: "Firmenstempel ID 1" })).toBeVisible();
  // Active already: only delete is offered, and no upload form.
  await expect(saved.getByRole("button", { name: "Aktivieren" })).toHaveCount(0);
  await expect(fileInput).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Stempel hochladen" })).toHaveCount(0);
  await expectAccessible(page);

  // The API agrees: a second upload is refused with the stamp that exists.
  const again = await page.request.post("/api/company-stamps", {
    headers: { Origin: baseURL },
    data: { base64: stamp.toString("base64"), mimeType: "image/png", activate: true },
  });
  expect(again.status()).toBe(409);
  const body = (await again.json()) as { error: { details?: { stamp?: { id: number; label: string } } } };
  expect(body.error.details?.stamp).toMatchObject({ id: 1, label: `Stempel ${suffix}` });

  // After a reload the stamp is still there and active.
  await page.reload();
  await expect(noMore).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: "Stempel ID 1" })).toContainText("Aktiv");
});

test("both contract pages fit a 390 px screen in English", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAdmin(page, "en");
  for (const [path, heading] of [
    ["/admin/contract-dashboard", "Contract dashboard"],
    ["/admin/contract-templates", "Contract templates"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText("Loading templates...")).toHaveCount(0);
    await expect(
      page.getByRole("region", { name: "Templates" }).or(page.getByText("No templates found.")).first(),
    ).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  }
  // A selected document with its preview and the editor open still fits.
  await page.goto("/admin/contract-dashboard");
  const names = page.getByRole("region", { name: "Templates" }).getByRole("rowheader").getByRole("button");
  if ((await names.count()) > 0) {
    await names.first().click();
    const panel = page.getByRole("region", { name: "Selected document" });
    await panel.getByRole("button", { name: "Edit" }).click();
    await expect(panel.getByRole("form", { name: "Edit template" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "horizontal overflow with the editor open").toBeLessThanOrEqual(0);
    await expectAccessible(page);
  }
  await page.goto("/admin/contract-templates");
  await expect(page.getByRole("link", { name: "Go to the contract dashboard" })).toBeVisible();
});
