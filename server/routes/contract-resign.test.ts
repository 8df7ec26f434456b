import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type {
  AdminMemberContracts,
  ContractDocument,
  ResignPending,
  ResignTemplate,
  TemplateDetail,
} from "../../lib/schemas/contracts";
import {
  auditLog,
  companyProfiles,
  contractSignatures,
  contractTemplates,
  documents,
  mailOutbox,
  personalProfiles,
  users,
} from "../db/schema";
import { DEFAULT_TEMPLATE_IDS } from "../domain/contracts/seed-default-templates";
import { call, createUser, loginOk, post, uniqueIp } from "../testing/auth-api";
import { waitForMail } from "../testing/eml";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(db(), { role: "admin" });
  adminToken = (await loginOk(t.app, admin.email, admin.password)).accessToken;
  // Only the templates a test makes are offered: members sign exactly those.
  await db()
    .update(contractTemplates)
    .set({ state: "inactive" })
    .where(inArray(contractTemplates.id, DEFAULT_TEMPLATE_IDS));
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Templates through the admin API (multipart, as the editor sends them)

const made: string[] = [];
afterEach(async () => {
  if (made.length > 0)
    await db()
      .update(contractTemplates)
      .set({ state: "inactive" })
      .where(inArray(contractTemplates.id, made.splice(0)));
});

const BOUNDARY = "----resign-test-boundary-7f1a";

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; type: string }) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="upload"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

async function sendMultipart(
  method: "POST" | "PUT",
  path: string,
  token: string,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type: string },
) {
  const body = multipart(fields, file);
  const response = await t.app.request(path, {
    method,
    headers: {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      "content-length": String(body.length),
      authorization: `Bearer ${token}`,
    },
    body: new Uint8Array(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & {
      error?: { code: string; details?: unknown };
    },
  };
}

const htmlFile = (html: string) => ({ name: "file", data: Buffer.from(html), type: "text/html" });

async function createTemplate(audience: "personal" | "company" | "both" = "both") {
  const name = `Resign ${crypto.randomBytes(3).toString("hex")}`;
  const answer = await sendMultipart(
    "POST",
    "/api/document-templates",
    adminToken,
    { name, type: "contract", lang: "en", audience },
    htmlFile(`<h1>${name}</h1><p>Version one for {{name}}.</p>`),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const detail = answer.body as unknown as TemplateDetail;
  made.push(detail.id);
  return detail;
}

/** PUT with new HTML: a new version, marked "members must sign again" when `resign`. */
async function publishVersion(templateId: string, text: string, resign: boolean) {
  const answer = await sendMultipart(
    "PUT",
    `/api/document-templates/${templateId}`,
    adminToken,
    resign ? { resign: "true" } : {},
    htmlFile(`<h1>Contract</h1><p>${text} for {{name}}.</p>`),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as TemplateDetail;
}

// ---------------------------------------------------------------------------------------------
// Members

type Caller = { id: string; email: string; token: string };

/** A personal (or company) member with email, ID and profile done, signed in. */
async function member(userType: "personal" | "company" = "personal"): Promise<Caller> {
  const created = await createMember(db(), {
    userType,
    status: "active",
    firstName: "Erika",
    lastName: "Musterfrau",
    companyName: userType === "company" ? "Beispiel GmbH" : null,
  });
  const now = new Date();
  await db()
    .update(users)
    .set({ language: "en", emailVerifiedAt: now, documentsUploadedAt: now, profileCompletedAt: now })
    .where(eq(users.id, created.id));
  const address = { address: "Musterstraße 1", zipCode: "10115", city: "Berlin", country: "DE" };
  if (userType === "company") {
    await db()
      .insert(companyProfiles)
      .values({ userId: created.id, contactPersonName: "Max Kontakt", ...address });
  } else {
    await db()
      .insert(personalProfiles)
      .values({ userId: created.id, ...address });
  }
  const { accessToken } = await loginOk(t.app, created.email, created.password);
  return { id: created.id, email: created.email, token: accessToken };
}

const SIGNATURE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120">
  <path d="M10 80 C 60 10, 120 110, 180 50 S 300 20, 390 70" stroke="#111" stroke-width="2" fill="none"/>
</svg>`;
const drawnSignature = async () =>
  `data:image/png;base64,${(await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer()).toString("base64")}`;

const USER_AGENT = "ResignTest/1.0";

/** The onboarding contract step: signs every template offered and completes the step. */
async function onboardingSign(caller: Caller) {
  const answer = await post(
    t.app,
    "/api/contracts/sign",
    { signatureImage: await drawnSignature(), agreed: true, lang: "en" },
    { token: caller.token, ip: uniqueIp(), headers: { "user-agent": USER_AGENT } },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

const resignSign = async (caller: Caller, ip = uniqueIp()) =>
  post(
    t.app,
    "/api/contracts/resign",
    { signatureImage: await drawnSignature(), agreed: true },
    { token: caller.token, ip, headers: { "user-agent": USER_AGENT } },
  );

async function toResign(caller: Caller): Promise<ResignTemplate[]> {
  const answer = await call(t.app, "GET", "/api/contracts/resign", { token: caller.token });
  expect(answer.status).toBe(200);
  return (answer.body as unknown as { templates: ResignTemplate[] }).templates;
}

const evidenceOf = (userId: string) =>
  db()
    .select()
    .from(contractSignatures)
    .where(eq(contractSignatures.userId, userId))
    .orderBy(contractSignatures.signedAt, contractSignatures.templateVersion);

const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];

async function pendingFor(templateId: string) {
  const answer = await call(t.app, "GET", "/api/admin/contracts/resign-pending", { token: adminToken });
  expect(answer.status).toBe(200);
  return (answer.body as unknown as ResignPending).templates.find((entry) => entry.templateId === templateId);
}

async function readStored(key: string): Promise<Buffer> {
  const object = await t.deps.storage.get(key);
  if (!object) throw new Error(`no object ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------------------------------------

describe("publishing a version that members must sign again", () => {
  it("PUT marks the new version when asked (default: not), and the flag without new HTML is refused", async () => {
    const template = await createTemplate();
    expect(template.resignRequired).toBe(false);

    const plain = await publishVersion(template.id, "Typo fixed", false);
    expect(plain.version).toBe(2);
    expect(plain.resignRequired).toBe(false);

    const marked = await publishVersion(template.id, "New commission terms", true);
    expect(marked.version).toBe(3);
    expect(marked.resignRequired).toBe(true);
    expect(marked.versions.map(({ version, resignRequired }) => ({ version, resignRequired }))).toEqual([
      { version: 3, resignRequired: true },
      { version: 2, resignRequired: false },
      { version: 1, resignRequired: false },
    ]);

    // Only a new text can be signed again: the flag alone changes nothing and says so.
    const flagOnly = await sendMultipart("PUT", `/api/document-templates/${template.id}`, adminToken, {
      resign: "true",
      name: "Renamed",
    });
    expect(flagOnly.status).toBe(422);
    const resignNeedsHtml = "Only a new version can ask members to sign again: send the template's HTML too.";
    expect(flagOnly.body.error).toEqual({
      code: "VALIDATION_FAILED",
      reason: "templateResignNeedsHtml",
      message: resignNeedsHtml,
      details: { issues: [{ path: "resign", message: resignNeedsHtml }] },
    });
    const [row] = await db().select().from(contractTemplates).where(eq(contractTemplates.id, template.id));
    expect(row?.currentVersion).toBe(3);
    expect(row?.name).not.toBe("Renamed");

    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "admin.contract_template_version_created"));
    expect(audit.some((entry) => JSON.stringify(entry.details).includes('"resignRequired":true'))).toBe(true);
  });
});

describe("mail to the members who must sign again", () => {
  it("goes out with the marked version, in each member's language, to signers only", async () => {
    const template = await createTemplate();
    const english = await member();
    const german = await member();
    await db().update(users).set({ language: "de" }).where(eq(users.id, german.id));
    const suspended = await member();
    await onboardingSign(english);
    await onboardingSign(german);
    await onboardingSign(suspended);
    await db().update(users).set({ status: "suspended" }).where(eq(users.id, suspended.id));
    const bystander = await member();
    const mailsTo = (email: string) =>
      db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, "contract_resign")));

    await publishVersion(template.id, "Typo fixed", false);
    expect(await mailsTo(english.email)).toEqual([]);

    await publishVersion(template.id, "New terms", true);
    const [toEnglish, ...moreEnglish] = await mailsTo(english.email);
    expect(moreEnglish).toEqual([]);
    expect(toEnglish).toMatchObject({
      language: "en",
      subject: "Please sign the new version of your contract",
    });
    // The mail as delivered: the contract's name and the way to the re-sign page.
    const delivered = await waitForMail(t.mailDir, (mail) => mail.to.includes(english.email));
    expect(delivered.text).toContain(`A new version of “${template.name}” was published`);
    expect(delivered.text).toContain("/personal-resign-contract");
    const [toGerman] = await mailsTo(german.email);
    expect(toGerman).toMatchObject({
      language: "de",
      subject: "Bitte unterschreiben Sie die neue Version Ihres Vertrags",
    });
    expect(await mailsTo(suspended.email)).toEqual([]);
    expect(await mailsTo(bystander.email)).toEqual([]);
  });
});

describe("who must sign again", () => {
  it("a member who signed an older version, for the newest marked version, until they sign it", async () => {
    const template = await createTemplate();
    const signer = await member();
    await onboardingSign(signer);
    expect(await toResign(signer)).toEqual([]);

    // An unmarked version asks nobody.
    await publishVersion(template.id, "Typo fixed", false);
    expect(await toResign(signer)).toEqual([]);

    await publishVersion(template.id, "New terms", true);
    const open = await toResign(signer);
    expect(open).toEqual([
      expect.objectContaining({
        id: template.id,
        version: 3,
        signedVersion: 1,
        requiredVersion: 3,
        lang: "en",
      }),
    ]);

    // A later unmarked version does not lift the duty: the member signs the current one.
    await publishVersion(template.id, "Another typo", false);
    expect(await toResign(signer)).toEqual([
      expect.objectContaining({ id: template.id, version: 4, signedVersion: 1, requiredVersion: 3 }),
    ]);
  });

  it("not a member who never signed the template, one still onboarding, another audience, or an inactive template", async () => {
    const forCompanies = await createTemplate("company");
    const template = await createTemplate("personal");
    const signer = await member();
    await onboardingSign(signer);
    const onboarding = await member();
    const company = await member("company");
    await onboardingSign(company);

    // Signed in upload mode but never finished the step: the onboarding page asks for the current version.
    await db()
      .insert(contractSignatures)
      .values({
        userId: onboarding.id,
        templateId: template.id,
        templateName: template.name,
        templateVersion: 1,
        method: "upload",
        sha256: "0".repeat(64),
        documentId: (
          await db()
            .insert(documents)
            .values({
              userId: onboarding.id,
              kind: "contract",
              documentType: "contract",
              originalFilename: "v1.pdf",
              storageKey: crypto.randomUUID(),
              contentType: "application/pdf",
              sizeBytes: 10,
              sha256: "0".repeat(64),
            })
            .returning({ id: documents.id })
        )[0]?.id as string,
      });

    await publishVersion(template.id, "New terms", true);
    await publishVersion(forCompanies.id, "New terms", true);
    const late = await member();

    expect((await toResign(signer)).map((entry) => entry.id)).toEqual([template.id]);
    expect(await toResign(onboarding)).toEqual([]);
    expect(await toResign(late)).toEqual([]);
    // The company member signed the company template only; the personal one is not theirs.
    expect((await toResign(company)).map((entry) => entry.id)).toEqual([forCompanies.id]);

    await db()
      .update(contractTemplates)
      .set({ state: "inactive" })
      .where(eq(contractTemplates.id, template.id));
    expect(await toResign(signer)).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    expect((await call(t.app, "GET", "/api/contracts/resign")).status).toBe(401);
    expect((await post(t.app, "/api/contracts/resign", { signatureImage: "x", agreed: true })).status).toBe(
      401,
    );
  });
});

describe("signing again", () => {
  it("signs only the templates to sign again, beside the earlier evidence, and keeps the contract step's time", async () => {
    const changed = await createTemplate();
    const unchanged = await createTemplate();
    const signer = await member();
    await onboardingSign(signer);
    const before = await userRow(signer.id);
    const firstEvidence = await evidenceOf(signer.id);
    expect(firstEvidence).toHaveLength(2);

    await publishVersion(changed.id, "New terms", true);
    await publishVersion(unchanged.id, "Typo fixed", false);

    const ip = uniqueIp();
    const answer = await resignSign(signer, ip);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { contracts } = answer.body as unknown as { contracts: ContractDocument[] };
    expect(
      contracts.map(({ templateId, templateVersion, method }) => ({ templateId, templateVersion, method })),
    ).toEqual([{ templateId: changed.id, templateVersion: 2, method: "drawn" }]);

    const evidence = await evidenceOf(signer.id);
    expect(evidence).toHaveLength(3);
    // The earlier rows are untouched.
    for (const row of firstEvidence) expect(evidence).toContainEqual(row);
    const added = evidence.find((row) => row.templateVersion === 2);
    expect(added).toMatchObject({ templateId: changed.id, method: "drawn", ip, userAgent: USER_AGENT });
    const [stored] = await db()
      .select()
      .from(documents)
      .where(eq(documents.id, added?.documentId as string));
    const bytes = await readStored(stored?.storageKey as string);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(crypto.createHash("sha256").update(bytes).digest("hex")).toBe(added?.sha256);

    // Onboarding stays as it was: the step's time, the status flag, the account.
    const after = await userRow(signer.id);
    expect(after?.contractSignedAt?.toISOString()).toBe(before?.contractSignedAt?.toISOString());
    expect(after?.status).toBe("active");
    const status = await call(t.app, "GET", "/api/auth/user/status", { token: signer.token });
    expect(status.body).toMatchObject({ contract_signed: 1 });

    expect(await toResign(signer)).toEqual([]);
    const again = await resignSign(signer);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: { code: "CONFLICT", reason: "nothingToResign", message: "There is no contract to sign again." },
    });

    const audit = await db().select().from(auditLog).where(eq(auditLog.subjectUserId, signer.id));
    expect(audit.map((entry) => entry.action)).toContain("contract.resigned");
  });

  it("an uploaded signed PDF counts as signing again, and the earlier signature stays", async () => {
    const template = await createTemplate();
    const signer = await member();
    await onboardingSign(signer);
    await publishVersion(template.id, "New terms", true);

    const pdf = Buffer.from("%PDF-1.4\n% signed by hand\n%%EOF\n");
    const body = multipart(
      { templateId: template.id },
      { name: "contract", data: pdf, type: "application/pdf" },
    );
    const response = await t.app.request("/api/upload/contract/personal", {
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        "content-length": String(body.length),
        authorization: `Bearer ${signer.token}`,
      },
      body: new Uint8Array(body),
    });
    expect(response.status, await response.clone().text()).toBe(201);

    expect(await toResign(signer)).toEqual([]);
    const evidence = await evidenceOf(signer.id);
    expect(evidence.map(({ templateVersion, method }) => ({ templateVersion, method }))).toEqual([
      { templateVersion: 1, method: "drawn" },
      { templateVersion: 2, method: "upload" },
    ]);
    expect(evidence[1]?.sha256).toBe(crypto.createHash("sha256").update(pdf).digest("hex"));
  });

  it("refuses a member whose earlier steps are not done, and without a signature", async () => {
    const template = await createTemplate();
    const signer = await member();
    await onboardingSign(signer);
    await publishVersion(template.id, "New terms", true);

    const missing = await post(t.app, "/api/contracts/resign", { agreed: true }, { token: signer.token });
    expect(missing.status).toBe(422);
    const notAgreed = await post(
      t.app,
      "/api/contracts/resign",
      { signatureImage: await drawnSignature(), agreed: false },
      { token: signer.token },
    );
    expect(notAgreed.status).toBe(422);

    await db().update(users).set({ profileCompletedAt: null }).where(eq(users.id, signer.id));
    const blocked = await resignSign(signer);
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ error: { code: "CONTRACT_NOT_ELIGIBLE" } });
    expect(await evidenceOf(signer.id)).toHaveLength(1);
  });
});

describe("admins", () => {
  it("list who has not signed again per template version, and see both versions on a member", async () => {
    const template = await createTemplate();
    const slow = await member();
    const quick = await member();
    await onboardingSign(slow);
    await onboardingSign(quick);
    await publishVersion(template.id, "New terms", true);
    expect((await resignSign(quick)).status).toBe(201);

    const entry = await pendingFor(template.id);
    expect(entry).toMatchObject({
      name: template.name,
      lang: "en",
      requiredVersion: 2,
      currentVersion: 2,
      resignedCount: 1,
      pendingCount: 1,
    });
    expect(entry?.pending).toEqual([
      expect.objectContaining({
        userId: slow.id,
        email: slow.email,
        name: "Erika Musterfrau",
        signedVersion: 1,
      }),
    ]);

    const view = await call(t.app, "GET", `/api/admin/user/${quick.id}/contracts`, { token: adminToken });
    expect(view.status).toBe(200);
    const contracts = view.body as unknown as AdminMemberContracts;
    expect(contracts.signatures.map((row) => [row.templateId, row.templateVersion])).toEqual([
      [template.id, 2],
      [template.id, 1],
    ]);
    expect(contracts.resign).toEqual([]);
    const slowView = (await call(t.app, "GET", `/api/admin/user/${slow.id}/contracts`, { token: adminToken }))
      .body as unknown as AdminMemberContracts;
    expect(slowView.resign.map((row) => row.id)).toEqual([template.id]);

    const unknown = await call(t.app, "GET", `/api/admin/user/${crypto.randomUUID()}/contracts`, {
      token: adminToken,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({
      reason: "targetUserNotFound",
      message: "User not found.",
    });
    expect(
      (await call(t.app, "GET", "/api/admin/user/not-an-id/contracts", { token: adminToken })).status,
    ).toBe(404);
  });

  it("templates without a version to sign again are not listed; members get 403, visitors 401", async () => {
    const template = await createTemplate();
    const signer = await member();
    await onboardingSign(signer);
    await publishVersion(template.id, "Typo fixed", false);
    expect(await pendingFor(template.id)).toBeUndefined();

    for (const path of ["/api/admin/contracts/resign-pending", `/api/admin/user/${signer.id}/contracts`]) {
      expect((await call(t.app, "GET", path, { token: signer.token })).status).toBe(403);
      expect((await call(t.app, "GET", path)).status).toBe(401);
    }
  });
});
