import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { onboardCompanyMember, onboardPersonalMember } from "../admin/onboard-via-api";
import { baseURL } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { seedUser, signIn, signInRequest } from "../support";

type MemberTemplate = { id: string; name: string; version: number; done: boolean };
type ContractDocument = {
  id: string;
  templateId: string | null;
  templateName: string;
  templateVersion: number;
  signedUrl: string;
};

/** A seeded member who has done email, ID and profile (the three steps before signing). */
async function eligibleMember(request: APIRequestContext, names: { firstName: string; lastName: string }) {
  const member = await seedUser(request, { status: "pending", ...names });
  await onboardPersonalMember(request, member, { contract: false });
  return member;
}

/** A small, valid one-page PDF, written by hand (offsets computed, so readers accept it). */
function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

async function pdfText(buffer: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(buffer)), { mergePages: true });
  return text;
}

/** Line breaks and hyphenation of the PDF layout are not part of the text. */
const squash = (text: string) => text.replace(/[\s\-\u00ad]+/g, "");

/** Draws a signature-like zigzag across the canvas with the mouse, once the pad takes strokes. */
async function drawSignature(page: Page) {
  const canvas = page.getByRole("img", { name: "Signature field" });
  // The pad shows the drawing cursor once it records strokes (after hydration), as a user sees it.
  await expect(canvas).toHaveCSS("cursor", "crosshair");
  const box = await canvas.boundingBox();
  if (!box) throw new Error("signature canvas not visible");
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    const x = box.x + 20 + step * ((box.width - 40) / 12);
    const y = box.y + (step % 2 === 0 ? box.height * 0.7 : box.height * 0.3);
    await page.mouse.move(x, y, { steps: 4 });
  }
  await page.mouse.up();
}

/** How many pixels of the signature canvas carry ink. */
async function inkPixels(page: Page) {
  return page.getByRole("img", { name: "Signature field" }).evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
    let inked = 0;
    for (let alpha = 3; alpha < data.length; alpha += 4) if ((data[alpha] ?? 0) > 0) inked++;
    return inked;
  });
}

async function expectContractSignedOnDashboard(page: Page) {
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  for (const step of ["email_verified", "documents_uploaded", "profile_completed", "contract_signed"]) {
    await expect(page.locator(`[data-step="${step}"]`)).toHaveAttribute("data-done", "true");
  }
  await expect(page.locator('[data-step="contract_signed"]')).toContainText("signed");
  await expect(page.getByRole("heading", { name: "Awaiting admin approval" })).toBeVisible();
  await expect(
    page.getByText("An admin reviews your account once every step is done.", { exact: false }),
  ).toBeVisible();
  await expectAccessible(page);
}

/** Readable sentences of a template version's HTML (admin API), without placeholders. */
async function templateSentences(admin: APIRequestContext, templateId: string, version: number) {
  const response = await admin.get(`/api/document-templates/${templateId}?version=${version}`);
  expect(response.ok(), await response.text()).toBe(true);
  const { html } = (await response.json()) as { html: string };
  // Plain sentences only: no markup, placeholders, quotes or entities the layout might change.
  return [...html.matchAll(/<(?:p|li)>([^<]+)<\/(?:p|li)>/g)]
    .map((match) => (match[1] ?? "").trim())
    .filter((text) => text.length >= 20 && /^[\p{L}\p{N}\s.,;:()]+$/u.test(text));
}

test("a personal member draws a signature, signs, and the stored PDF carries their name and the contract", async ({
  page,
  request,
  playwright,
}) => {
  const member = await eligibleMember(request, { firstName: "Sina", lastName: "Signwell" });
  await signIn(page, member);
  await page.goto("/personal-sign-contract");
  await expect(page.getByRole("heading", { level: 1, name: "Sign your contract" })).toBeVisible();
  const templates = page.locator("[data-template-id]");
  await expect(templates.first()).toBeVisible();
  await expect(page.getByRole("img", { name: "Signature field" })).toBeVisible();
  const canvasBox = await page.getByRole("img", { name: "Signature field" }).boundingBox();
  expect([canvasBox?.width, canvasBox?.height]).toEqual([400, 120]);
  await expect(page.getByRole("radio", { name: "Sign online" })).toBeChecked();
  await expectAccessible(page);

  // The unsigned contract, filled in with the member's data, as a file to save.
  const downloadEvent = page.waitForEvent("download");
  await templates
    .first()
    .getByRole("button", { name: /^Download / })
    .click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const unsigned = await pdfText(fs.readFileSync(await download.path()));
  expect(squash(unsigned)).toContain(squash("Sina Signwell"));
  await expect(page.getByText("Contract downloaded")).toBeVisible();

  // The pad cannot be reached by keyboard: the page says so beside it and points to the upload.
  await expect(page.getByRole("group", { name: "Your signature" })).toContainText(
    "The signature field cannot be reached with the keyboard. To sign by keyboard, choose “Upload signed PDF” above",
  );

  await drawSignature(page);
  expect(await inkPixels(page)).toBeGreaterThan(200);
  // Resizing the window keeps the drawing (the library's default would clear the canvas).
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 820, height: 700 });
  await expect(page.getByRole("img", { name: "Signature field" })).toBeVisible();
  expect(await inkPixels(page)).toBeGreaterThan(200);
  if (viewport) await page.setViewportSize(viewport);
  await expect
    .poll(async () => (await page.getByRole("img", { name: "Signature field" }).boundingBox())?.width)
    .toBe(400);
  expect(await inkPixels(page)).toBeGreaterThan(200);

  await page.getByLabel("I have read and understood the contract and sign it").check();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Sign contract" }).click();
  await expect(page.getByText("Contract signed successfully.")).toBeVisible();
  await expectContractSignedOnDashboard(page);

  // Every template the member was shown is signed and stored as a PDF with their name and text.
  const listed = (await (await page.request.get("/api/contracts/templates?lang=en")).json()) as {
    templates: MemberTemplate[];
  };
  expect(listed.templates.length).toBeGreaterThan(0);
  expect(listed.templates.every((template) => template.done)).toBe(true);
  const mine = await page.request.get("/api/contracts/mine");
  expect(mine.ok()).toBe(true);
  const { contracts } = (await mine.json()) as { contracts: ContractDocument[] };
  expect(contracts.map((contract) => contract.templateId).sort()).toEqual(
    listed.templates.map((template) => template.id).sort(),
  );

  const admin = await playwright.request.newContext({ baseURL });
  const adminUser = await seedUser(request, { role: "admin" });
  await signInRequest(admin, adminUser);
  let sentencesChecked = 0;
  for (const contract of contracts) {
    const file = await page.request.get(contract.signedUrl);
    expect(file.ok()).toBe(true);
    const body = await file.body();
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = squash(await pdfText(body));
    expect(text).toContain("Sina");
    expect(text).toContain("Signwell");
    // Templates made by other tests may hold no plain sentence; the default ones all do.
    const [sentence] = await templateSentences(admin, contract.templateId ?? "", contract.templateVersion);
    if (!sentence) continue;
    expect(text, `${contract.templateName} contains its text`).toContain(squash(sentence));
    sentencesChecked++;
  }
  expect(sentencesChecked).toBeGreaterThan(0);
  await admin.dispose();

  // Back on the page: the contracts are listed as signed, with their downloads.
  await page.goto("/personal-sign-contract");
  await expect(page.getByText("You have signed your contract.", { exact: false })).toBeVisible();
  const signedList = page.getByRole("region", { name: "Your signed contracts" });
  await expect(signedList.getByRole("link", { name: /^Download signed / })).toHaveCount(contracts.length);
  const first = contracts[0];
  if (first) {
    const href = await signedList
      .getByRole("link", { name: `Download signed ${first.templateName} (PDF)` })
      .first()
      .getAttribute("href");
    const viaLink = await page.request.get(href ?? "");
    expect(viaLink.ok()).toBe(true);
    expect((await viaLink.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  }
  await expectAccessible(page);
});

test("a company member confirms the authority to sign for the company and signs", async ({
  page,
  request,
}) => {
  const member = await seedUser(request, {
    status: "pending",
    userType: "company",
    companyName: "Signet Werke GmbH",
    firstName: "Carla",
    lastName: "Contact",
  });
  await onboardCompanyMember(request, member, { contract: false });
  await signIn(page, member);
  await page.goto("/company-sign-contract");
  await expect(page.getByRole("heading", { level: 1, name: "Sign your contract" })).toBeVisible();
  await expect(page.locator("[data-template-id]").first()).toBeVisible();
  await drawSignature(page);
  await page.getByRole("button", { name: "Sign contract" }).click();
  await expect(
    page.getByText("Please confirm that you are authorized to sign on behalf of the company.").first(),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("I confirm that I am authorized to sign on behalf of the company").check();
  await page.getByRole("button", { name: "Sign contract" }).click();
  await expect(page.getByText("Contract signed successfully.")).toBeVisible();
  await expectContractSignedOnDashboard(page);
  await expect(page.locator('[data-step="documents_uploaded"]')).toContainText("Contact ID");

  const { contracts } = (await (await page.request.get("/api/contracts/mine")).json()) as {
    contracts: ContractDocument[];
  };
  expect(contracts.length).toBeGreaterThan(0);
  const texts: string[] = [];
  for (const contract of contracts) {
    texts.push(squash(await pdfText(await (await page.request.get(contract.signedUrl)).body())));
  }
  for (const text of texts) expect(text).toContain(squash("Carla Contact"));
  expect(texts.some((text) => text.includes(squash("Signet Werke GmbH")))).toBe(true);
});

test("a member uploads a signed PDF for every template and finishes", async ({ page, request }) => {
  const member = await eligibleMember(request, { firstName: "Udo", lastName: "Uploader" });
  await signIn(page, member);
  await page.goto("/personal-sign-contract");
  await page.getByRole("radio", { name: "Upload signed PDF" }).check();
  const templates = page.locator("[data-template-id]");
  await expect(templates.first().getByLabel(/^Signed PDF for /)).toBeVisible();
  await expect(page.getByRole("img", { name: "Signature field" })).toHaveCount(0);
  await expectAccessible(page);
  const names = await templates.locator("h3").allTextContents();

  // Finishing too early names every template still without a signed PDF.
  await page.getByRole("button", { name: "Finish" }).click();
  const missing = page.locator("#contract-finish-error");
  await expect(missing).toContainText("Please upload a signed PDF for:");
  await expect(missing).toBeVisible();
  for (const name of names) await expect(missing).toContainText(name);
  await expectAccessible(page);

  // Not a PDF: refused in the browser.
  await templates
    .first()
    .getByLabel(/^Signed PDF for /)
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a contract") });
  await expect(templates.first().getByRole("alert")).toHaveText("Please select a PDF file.");
  await templates
    .first()
    .getByLabel(/^Signed PDF for /)
    .setInputFiles({
      name: "scan.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([minimalPdf("large"), Buffer.alloc(10 * 1024 * 1024)]),
    });
  await expect(templates.first().getByRole("alert")).toHaveText("File size must be less than 10MB.");

  for (let index = 0; index < names.length; index++) {
    const item = templates.nth(index);
    await item.getByLabel(/^Signed PDF for /).setInputFiles({
      name: `signed-${index + 1}.pdf`,
      mimeType: "application/pdf",
      buffer: minimalPdf(`Signed by Udo Uploader ${index + 1}`),
    });
    await expect(item).toHaveAttribute("data-done", "true");
    await expect(item).toContainText("✓ Signed");
  }
  await expect(page.getByText("Contract uploaded").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Your signed contracts" }).getByRole("listitem")).toHaveCount(
    names.length,
  );
  await expectAccessible(page);

  await page.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByText("Your signed contracts were submitted.")).toBeVisible();
  await expectContractSignedOnDashboard(page);
});

test("signing without a signature is refused, in English and in German", async ({ page, request }) => {
  const member = await eligibleMember(request, { firstName: "Nina", lastName: "Nodraw" });
  await signIn(page, member);
  await page.goto("/personal-sign-contract");
  await expect(page.locator("[data-template-id]").first()).toBeVisible();
  await page.getByRole("button", { name: "Sign contract" }).click();
  const signature = page.getByRole("group", { name: "Your signature" });
  await expect(signature.getByRole("alert")).toHaveText("Please sign the contract.");
  await expect(page.getByLabel("I have read and understood the contract and sign it")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expectAccessible(page);

  // Drawn but not agreed: only the agreement is missing.
  await drawSignature(page);
  await page.getByRole("button", { name: "Sign contract" }).click();
  await expect(signature.getByRole("alert")).toHaveCount(0);
  await expect(
    page.getByText("Please confirm that you have read and understood the contract.").first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/personal-sign-contract$/);

  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Vertrag unterschreiben" })).toBeVisible();
  await expect(page.locator("[data-template-id]").first()).toBeVisible();
  await page.getByRole("button", { name: "Vertrag unterschreiben" }).click();
  await expect(page.getByRole("group", { name: "Ihre Unterschrift" }).getByRole("alert")).toHaveText(
    "Bitte unterschreiben Sie den Vertrag.",
  );
  await expectAccessible(page);
  await expect(page).toHaveTitle(/^Vertrag unterschreiben · /);
  await page.getByRole("button", { name: "English" }).click();
  // The page and the browser tab's title both follow the switch (the title arrives with the
  // refreshed page's metadata, a moment after its content), so the after-each axe check sees
  // the finished English page.
  await expect(page.getByRole("heading", { level: 1, name: "Sign your contract" })).toBeVisible();
  await expect(page).toHaveTitle(/^Sign your contract · /);
});

test("on a 390 px screen only the notice that signing needs a larger screen shows", async ({
  browser,
  request,
}) => {
  const member = await eligibleMember(request, { firstName: "Mia", lastName: "Mobile" });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, member);
  await page.goto("/personal-sign-contract");
  await expect(page.getByText("Signing is not supported on mobile devices")).toBeVisible();
  await expect(page.getByRole("img", { name: "Signature field" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign contract" })).toHaveCount(0);
  await expect(page.getByRole("radio")).toHaveCount(0);
  await expect(page.getByTestId("sign-contract-desktop")).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  // Wider than 768 px, the signing page itself shows.
  await page.setViewportSize({ width: 1024, height: 844 });
  await expect(page.getByText("Signing is not supported on mobile devices")).toBeHidden();
  await expect(page.getByRole("img", { name: "Signature field" })).toBeVisible();
  await context.close();
});

test("the templates come with the page; a failed load after a language switch says so and can be tried again", async ({
  page,
  request,
}) => {
  const member = await eligibleMember(request, { firstName: "Lena", lastName: "Loadfail" });
  await signIn(page, member);
  // The server renders the list with the page: the browser does not ask for it, and nothing
  // moves when a list arrives later.
  let browserLoads = 0;
  let refuseNext = false;
  await page.route("**/api/contracts/templates?*", async (route) => {
    browserLoads++;
    if (refuseNext) {
      refuseNext = false;
      return route.abort("connectionreset");
    }
    return route.continue();
  });
  await page.goto("/personal-sign-contract");
  await expect(page.locator("[data-template-id]").first()).toBeVisible();
  await expect(page.getByRole("img", { name: "Signature field" })).toBeVisible();
  expect(browserLoads).toBe(0);

  // Another language loads the list again in the browser; the network drops that call.
  refuseNext = true;
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Fehler beim Laden der Templates." })).toBeVisible();
  await expect(page.getByRole("img", { name: "Unterschriftsfeld" })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(page.locator("[data-template-id]").first()).toBeVisible();
  expect(browserLoads).toBe(2);
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("img", { name: "Signature field" })).toBeVisible();
  // The tab's title arrives with the refreshed page's metadata, a moment after its content.
  await expect(page).toHaveTitle(/^Sign your contract · /);
});

test("with no active templates the page says to contact support and signing is disabled", async ({
  page,
  request,
  playwright,
}) => {
  const member = await eligibleMember(request, { firstName: "Nora", lastName: "Notemplate" });
  const admin = await playwright.request.newContext({ baseURL });
  const adminUser = await seedUser(request, { role: "admin" });
  const origin = { Origin: baseURL };
  await signInRequest(admin, adminUser);

  // Every active template a personal member could get, in either language, is switched off for
  // this test and switched on again afterwards (later files share the database).
  const active = await admin.get("/api/document-templates?state=active");
  expect(active.ok()).toBe(true);
  const { templates } = (await active.json()) as { templates: { id: string; audience: string }[] };
  const switchedOff = templates.filter((template) => template.audience !== "company");
  expect(switchedOff.length).toBeGreaterThan(0);
  const setState = async (state: "active" | "inactive") => {
    for (const template of switchedOff) {
      const answer = await admin.patch(`/api/document-templates/${template.id}/state`, {
        headers: origin,
        data: { state },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
    }
  };

  await setState("inactive");
  try {
    await signIn(page, member);
    await page.goto("/personal-sign-contract");
    await expect(
      page.getByText("No contract templates are available. Please contact support."),
    ).toBeVisible();
    await expect(page.locator("[data-template-id]")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Sign contract" })).toBeDisabled();
    await expectAccessible(page);
  } finally {
    await setState("active");
    await admin.dispose();
  }
});
