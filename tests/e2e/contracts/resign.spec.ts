import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { onboardCompanyMember, onboardPersonalMember } from "../admin/onboard-via-api";
import { baseURL } from "../e2e-env";
import { expect, expectAccessible, test } from "../fixtures";
import { mailTo, seedUser, signIn } from "../support";

// Runs on the shared database: the template made here is English, for personal members, and
// deactivated at the end, so later journeys neither sign it nor are asked to sign it again.

test.describe.configure({ timeout: 180_000 });

const origin = { Origin: baseURL };

/** Draws a signature-like zigzag across the canvas with the mouse, once the pad takes strokes. */
async function drawSignature(page: Page, label: string) {
  const canvas = page.getByRole("img", { name: label });
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

test("a new template version marked for re-signing reaches a member who signs it", async ({
  page,
  browser,
}) => {
  const suffix = crypto.randomBytes(4).toString("hex");
  const name = `E2E Re-sign ${suffix}`;

  // The admin (English) makes a template; the member signs its version 1 while onboarding.
  const admin = await seedUser(page.request, { role: "admin" });
  await page.context().addCookies([{ name: "app.lang", value: "en", url: baseURL }]);
  await signIn(page, admin);
  const created = await page.request.post("/api/document-templates", {
    headers: origin,
    multipart: {
      name,
      type: "Partner agreement",
      lang: "en",
      audience: "personal",
      file: {
        name: "agreement.html",
        mimeType: "text/html",
        buffer: Buffer.from(`<h1>${name}</h1><p>First terms ${suffix} for {{name}}.</p>`),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const templateId = ((await created.json()) as { id: string }).id;

  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await memberContext.addCookies([{ name: "app.lang", value: "de", url: baseURL }]);
  const memberPage = await memberContext.newPage();
  const member = await seedUser(memberPage.request, {
    status: "active",
    firstName: "Rena",
    lastName: `Resign${suffix}`,
  });
  await onboardPersonalMember(memberPage.request, member);
  await signIn(memberPage, member);
  await memberPage.goto("/dashboard");
  await expect(memberPage.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(memberPage.getByTestId("resign-notice")).toHaveCount(0);

  try {
    // The admin publishes version 2 from the contract dashboard's editor, marked for re-signing.
    await page.goto("/admin/contract-dashboard");
    const overview = page.getByRole("region", { name: "Document overview" });
    const row = overview.getByRole("row").filter({ hasText: name });
    await row.getByRole("button", { name }).click();
    const panel = page.getByRole("region", { name: "Selected document" });
    await expect(panel).toContainText("v1 (current: v1)");
    await panel.getByRole("button", { name: "Edit" }).click();
    const editor = panel.getByRole("form", { name: "Edit template" });
    await editor.getByRole("button", { name: "Code view" }).click();
    await editor
      .getByRole("textbox", { name: "HTML code" })
      .fill(`<h1>${name}</h1><p>New terms ${suffix}.</p>`);
    await editor.getByLabel("Version note (optional)").fill("new commission");
    const resign = editor.getByRole("checkbox", { name: "Members must sign again" });
    await expect(resign).not.toBeChecked();
    await expect(resign).toHaveAccessibleDescription(/earlier signatures stay on record/);
    await resign.check();
    await expectAccessible(page);
    await editor.getByRole("button", { name: "Save as new version" }).click();
    await expect(page.getByRole("main").getByText("Template updated.", { exact: true })).toBeVisible();
    await expect(panel).toContainText("v2 (current: v2)");
    await expect(panel).toContainText("Yes, for this version");

    // The admin's list: the member has not signed version 2 yet.
    const resignSection = page.getByRole("region", { name: "Re-signing" });
    const entry = resignSection.getByRole("region", { name: `${name} (English), version 2` });
    await expect(entry).toContainText("1 member has not signed again yet");
    await expect(entry.getByRole("link", { name: `Rena Resign${suffix}` })).toHaveAttribute(
      "href",
      `/admin/user-management/view/${member.id}`,
    );
    await expect(entry.getByRole("row").filter({ hasText: `Rena Resign${suffix}` })).toContainText("v1");
    await expectAccessible(page);

    // The member's dashboard (German) says so, at phone width too, and links to the re-sign page.
    await memberPage.setViewportSize({ width: 375, height: 800 });
    await memberPage.reload();
    const notice = memberPage.getByRole("region", { name: "Ein Vertrag muss erneut unterschrieben werden" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`${name}: Sie haben Version 1 unterschrieben, aktuell ist Version 2`);
    const noticeBox = await notice.boundingBox();
    expect(noticeBox?.width ?? 999).toBeLessThanOrEqual(375);
    await expectAccessible(memberPage);

    // On a phone the page explains that signing needs a larger screen.
    await notice.getByRole("link", { name: "Neue Version unterschreiben" }).click();
    await expect(memberPage).toHaveURL(/\/personal-resign-contract$/);
    await expect(
      memberPage.getByRole("heading", { level: 1, name: "Neue Vertragsversion unterschreiben" }),
    ).toBeVisible();
    await expect(
      memberPage.getByRole("heading", {
        name: "Das Unterschreiben wird auf mobilen Geräten nicht unterstützt",
      }),
    ).toBeVisible();
    await expect(memberPage.getByRole("img", { name: "Unterschriftsfeld" })).toBeHidden();
    await expectAccessible(memberPage);

    // At desktop width: only this template is listed, and one drawn signature signs it.
    await memberPage.setViewportSize({ width: 1280, height: 900 });
    await expect(
      memberPage.getByText(`${name}: Sie haben Version 1 unterschrieben, aktuell ist Version 2`),
    ).toBeVisible();
    const templates = memberPage.getByRole("region", { name: "Erneut zu unterschreibende Verträge" });
    await expect(templates.getByRole("listitem")).toHaveCount(1);
    await expect(templates.getByRole("listitem")).toContainText("Version 2");
    await expectAccessible(memberPage);

    await drawSignature(memberPage, "Unterschriftsfeld");
    await memberPage.getByLabel("Ich habe den Vertrag gelesen und verstanden und unterschreibe ihn").check();
    await memberPage.getByRole("button", { name: "Vertrag unterschreiben" }).click();
    await expect(memberPage.getByText("Vertrag erfolgreich unterschrieben.")).toBeVisible();
    await memberPage.waitForURL(/\/dashboard$/);
    await expect(memberPage.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(memberPage.getByTestId("resign-notice")).toHaveCount(0);
    await expectAccessible(memberPage);

    // Both signatures are the member's evidence: version 1 from onboarding, version 2 now.
    const mine = await memberPage.request.get("/api/contracts/mine");
    const contracts = (
      (await mine.json()) as {
        contracts: { templateId: string; templateVersion: number; method: string }[];
      }
    ).contracts.filter((contract) => contract.templateId === templateId);
    expect(contracts.map((contract) => contract.templateVersion).sort()).toEqual([1, 2]);

    // The re-sign page now has nothing left to sign.
    await memberPage.goto("/personal-resign-contract");
    await expect(
      memberPage.getByText("Es gibt keinen Vertrag, den Sie erneut unterschreiben müssen."),
    ).toBeVisible();
    await expectAccessible(memberPage);

    // The admin sees it: nobody left on the list, and the member's contracts show both versions.
    await page.reload();
    const after = page
      .getByRole("region", { name: "Re-signing" })
      .getByRole("region", { name: `${name} (English), version 2` });
    await expect(after).toContainText("Everyone has signed again · 1 signed again");
    await page.goto(`/admin/user-management/view/${member.id}`);
    const evidence = page.getByRole("region", { name: "Signed contracts" });
    const rows = evidence.getByRole("row").filter({ hasText: name });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("v2");
    await expect(rows.nth(1)).toContainText("v1");
    await expect(evidence).not.toContainText("Must sign again");
    await expectAccessible(page);
  } finally {
    await page.request.patch(`/api/document-templates/${templateId}/state`, {
      headers: origin,
      data: { state: "inactive" },
    });
    await memberContext.close();
  }
});

/** A small, valid one-page PDF, as a scanned signed contract would be (offsets computed). */
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

test("a company member is mailed about a marked version and signs it again by uploading the signed PDF (English)", async ({
  page,
}) => {
  const suffix = crypto.randomBytes(4).toString("hex");
  const name = `E2E Company re-sign ${suffix}`;
  const admin = await seedUser(page.request, { role: "admin" });
  await signIn(page, admin);
  const created = await page.request.post("/api/document-templates", {
    headers: origin,
    multipart: {
      name,
      type: "Company agreement",
      lang: "en",
      audience: "company",
      file: { name: "a.html", mimeType: "text/html", buffer: Buffer.from(`<h1>${name}</h1><p>One.</p>`) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const templateId = ((await created.json()) as { id: string }).id;

  try {
    const member = await seedUser(page.request, {
      userType: "company",
      status: "active",
      companyName: `Resign Co ${suffix}`,
    });
    await onboardCompanyMember(page.request, member, { contract: true });
    // The admin publishes version 2 through the API, marked for re-signing.
    await signIn(page, admin);
    const published = await page.request.put(`/api/document-templates/${templateId}`, {
      headers: origin,
      multipart: {
        resign: "true",
        file: { name: "b.html", mimeType: "text/html", buffer: Buffer.from(`<h1>${name}</h1><p>Two.</p>`) },
      },
    });
    expect(published.status(), await published.text()).toBe(200);

    // The member is told by mail, with the way to the page.
    const mail = await mailTo(member.email, /sign the new version of your contract/i);
    expect(mail.text).toContain(`A new version of “${name}” was published`);
    expect(mail.text).toContain("/company-resign-contract");

    await page.context().clearCookies();
    await page.context().addCookies([{ name: "app.lang", value: "en", url: baseURL }]);
    await signIn(page, member);
    await page.goto("/dashboard");
    const notice = page.getByRole("region", { name: "A contract needs your signature again" });
    await expect(notice).toContainText(`${name}: you signed version 1, now version 2`);
    await notice.getByRole("link", { name: "Sign the new version" }).click();
    await expect(page).toHaveURL(/\/company-resign-contract$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Sign the new contract version" }),
    ).toBeVisible();

    await page.getByRole("radio", { name: "Upload signed PDF" }).check();
    const input = page.getByLabel(`Signed PDF for ${name}`);
    await expect(input).toBeVisible();
    await expectAccessible(page);
    await input.setInputFiles({
      name: "signed.pdf",
      mimeType: "application/pdf",
      buffer: minimalPdf(`Signed again ${suffix}`),
    });
    await expect(page.getByText("Thank you: you have signed every new contract version.")).toBeVisible();
    // The signed list keeps both versions.
    const signed = page.getByRole("region", { name: "Your signed contracts" });
    await expect(signed.getByRole("listitem").filter({ hasText: name })).toHaveCount(2);
    await expect(signed).toContainText("Version 2 · uploaded");
    await expect(signed).toContainText("Version 1 · signed online");
    await expectAccessible(page);

    await page.getByRole("link", { name: "Back to dashboard" }).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("resign-notice")).toHaveCount(0);
  } finally {
    await page.context().clearCookies();
    await signIn(page, admin);
    await page.request.patch(`/api/document-templates/${templateId}/state`, {
      headers: origin,
      data: { state: "inactive" },
    });
  }
});
