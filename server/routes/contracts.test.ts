import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, gt, inArray } from "drizzle-orm";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONTRACT_PDF_MAX_BYTES, MEMBER_STORAGE_QUOTA_BYTES } from "../../lib/constants";
import type { ContractDocument, MemberTemplate } from "../../lib/schemas/contracts";
import {
  auditLog,
  companyProfiles,
  companyStamps,
  contractSignatures,
  contractTemplates,
  contractTemplateVersions,
  documents,
  personalProfiles,
  users,
} from "../db/schema";
import { CONTRACT_RENDER_LIMITS } from "../domain/contracts/render-rate-limits";
import { DEFAULT_TEMPLATE_IDS } from "../domain/contracts/seed-default-templates";
import { contractRenderQueue } from "../infra/pdf/render-queue";
import { call, loginOk, post, uniqueIp } from "../testing/auth-api";
import { createMember } from "../testing/referral-api";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Templates: the seeded defaults (de/en × personal/company) plus what a test adds. After each
// test the added ones go, the defaults are active again and there is no stamp.

const added: string[] = [];

async function addTemplate(input: {
  name: string;
  language: "de" | "en";
  audience: "personal" | "company" | "both";
  html?: string;
}): Promise<string> {
  const [row] = await db()
    .insert(contractTemplates)
    .values({ name: input.name, type: "contract", language: input.language, audience: input.audience })
    .returning({ id: contractTemplates.id });
  if (!row) throw new Error("template insert returned nothing");
  await db()
    .insert(contractTemplateVersions)
    .values({
      templateId: row.id,
      version: 1,
      html: input.html ?? `<h1>${input.name}</h1><p>Vereinbart mit {{name}}.</p>`,
    });
  added.push(row.id);
  return row.id;
}

/** Publishes a new version of a template (what PUT /api/document-templates does). */
async function addVersion(templateId: string, version: number, html: string) {
  await db().insert(contractTemplateVersions).values({ templateId, version, html });
  await db()
    .update(contractTemplates)
    .set({ currentVersion: version })
    .where(eq(contractTemplates.id, templateId));
}

const setState = (ids: string[], state: "active" | "inactive") =>
  db().update(contractTemplates).set({ state }).where(inArray(contractTemplates.id, ids));

afterEach(async () => {
  if (added.length > 0)
    await db()
      .delete(contractTemplates)
      .where(inArray(contractTemplates.id, added.splice(0)));
  await db()
    .update(contractTemplates)
    .set({ state: "active", currentVersion: 1 })
    .where(inArray(contractTemplates.id, DEFAULT_TEMPLATE_IDS));
  await db()
    .delete(contractTemplateVersions)
    .where(
      and(
        inArray(contractTemplateVersions.templateId, DEFAULT_TEMPLATE_IDS),
        gt(contractTemplateVersions.version, 1),
      ),
    );
  await db().delete(companyStamps);
});

const [PERSONAL_DE, COMPANY_DE, PERSONAL_EN, COMPANY_EN] = DEFAULT_TEMPLATE_IDS as [
  string,
  string,
  string,
  string,
];

// ---------------------------------------------------------------------------------------------
// Members

type Caller = { id: string; email: string; token: string };

async function member(
  options: {
    userType?: "personal" | "company";
    onboarded?: boolean;
    language?: "de" | "en";
    role?: "user" | "admin";
  } = {},
): Promise<Caller> {
  const userType = options.userType ?? "personal";
  const created = await createMember(db(), {
    userType,
    role: options.role ?? "user",
    status: "pending",
    firstName: "Erika",
    lastName: "Musterfrau",
    companyName: userType === "company" ? "Beispiel Handels GmbH" : null,
  });
  const now = new Date();
  await db()
    .update(users)
    .set({
      language: options.language ?? "de",
      ...(options.onboarded === false
        ? {}
        : { emailVerifiedAt: now, documentsUploadedAt: now, profileCompletedAt: now }),
    })
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

// ---------------------------------------------------------------------------------------------
// Signatures, PDFs and files

const SIGNATURE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120">
  <path d="M10 80 C 60 10, 120 110, 180 50 S 300 20, 390 70" stroke="#111" stroke-width="2" fill="none"/>
</svg>`;
const drawnSignature = async () =>
  `data:image/png;base64,${(await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer()).toString("base64")}`;

const asDataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;
/** Signature images the API must refuse (and the good one), all declared as PNG. */
const badSignatures = {
  drawn: drawnSignature,
  jpeg: async () =>
    asDataUrl(await sharp(Buffer.from(SIGNATURE_SVG)).flatten({ background: "#fff" }).jpeg().toBuffer()),
  html: async () => asDataUrl(Buffer.from("<html><body>sig</body></html>")),
  blank: async () =>
    asDataUrl(
      await sharp({
        create: { width: 400, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .png()
        .toBuffer(),
    ),
};

const USER_AGENT = "ContractTest/1.0 (signing)";

async function sign(caller: Caller, body: Record<string, unknown>, ip = uniqueIp()) {
  return post(t.app, "/api/contracts/sign", body, {
    token: caller.token,
    ip,
    headers: { "user-agent": USER_AGENT },
  });
}

async function signOk(caller: Caller, lang?: "de" | "en") {
  const answer = await sign(caller, { signatureImage: await drawnSignature(), agreed: true, lang });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as unknown as { contracts: ContractDocument[]; contractSignedAt: string };
}

const templatesOf = async (caller: Caller, lang?: "de" | "en") => {
  const answer = await call(t.app, "GET", `/api/contracts/templates${lang ? `?lang=${lang}` : ""}`, {
    token: caller.token,
  });
  expect(answer.status).toBe(200);
  return (answer.body as unknown as { templates: MemberTemplate[] }).templates;
};

const statusOf = async (caller: Caller) =>
  (await call(t.app, "GET", "/api/auth/user/status", { token: caller.token })).body as unknown as {
    contract_signed: 0 | 1;
  };

async function readStored(key: string): Promise<Buffer> {
  const object = await t.deps.storage.get(key);
  if (!object) throw new Error(`no object ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Complete objects in the fs storage (each has a .json sidecar). */
function storedObjectCount(): number {
  const root = path.join(t.dataDir, "objects");
  if (!fs.existsSync(root)) return 0;
  return fs
    .readdirSync(root)
    .flatMap((folder) => fs.readdirSync(path.join(root, folder)))
    .filter((name) => name.endsWith(".json") && !name.startsWith(".")).length;
}

/** Fetches a signed download URL the way the browser would (through /api/files). */
async function download(url: string): Promise<{ status: number; bytes: Buffer; type: string | null }> {
  const response = await t.app.request(url);
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get("content-type"),
  };
}

const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");

const pdfText = async (pdf: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text as string;

/**
 * Width × height of every image XObject in the PDF (an image with transparency also has its
 * mask), read from the object dictionaries: pdf.js on Node 20 cannot decode every image.
 */
function pdfImages(pdf: Buffer): string[] {
  const sizes: string[] = [];
  for (const [dictionary] of pdf.toString("latin1").matchAll(/<<[^<>]*\/Subtype \/Image[^<>]*>>/g)) {
    const width = /\/Width (\d+)/.exec(dictionary)?.[1];
    const height = /\/Height (\d+)/.exec(dictionary)?.[1];
    sizes.push(`${width}x${height}`);
  }
  return sizes.sort();
}

// ---------------------------------------------------------------------------------------------
// Multipart uploads

const BOUNDARY = "----contract-test-boundary-41c2";

function contractForm(
  fields: Record<string, string>,
  file?: { data: Buffer; filename?: string; type?: string },
) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="contract"; filename="${file.filename ?? "signed.pdf"}"\r\n` +
          `Content-Type: ${file.type ?? "application/pdf"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

async function uploadContract(
  caller: Caller,
  route: "personal" | "company",
  fields: Record<string, string>,
  file?: { data: Buffer; filename?: string; type?: string },
) {
  const body = contractForm(fields, file);
  const response = await t.app.request(`/api/upload/contract/${route}`, {
    method: "POST",
    headers: {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      "content-length": String(body.length),
      authorization: `Bearer ${caller.token}`,
    },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as {
      contract?: ContractDocument;
      missing?: { id: string; name: string }[];
      error?: { code: string; reason?: string; message: string; details?: unknown };
    },
  };
}

/** A small real PDF (rendered by the API itself for another member), as a hand-signed scan would be. */
let samplePdf: Buffer;
beforeAll(async () => {
  const someone = await member();
  const response = await t.app.request(`/api/document-templates/${PERSONAL_DE}/generate-pdf`, {
    headers: { authorization: `Bearer ${someone.token}` },
  });
  samplePdf = Buffer.from(await response.arrayBuffer());
  expect(samplePdf.subarray(0, 5).toString()).toBe("%PDF-");
});

/** A PDF of exactly `size` bytes (the tail after %%EOF is padding). */
const pdfOfSize = (size: number) =>
  Buffer.concat([samplePdf, Buffer.alloc(size - samplePdf.length, 0x20)]).subarray(0, size);

const complete = (caller: Caller, body: Record<string, unknown> = {}) =>
  post(t.app, "/api/contracts/complete", body, { token: caller.token });

const evidenceOf = (userId: string) =>
  db().select().from(contractSignatures).where(eq(contractSignatures.userId, userId));

// ---------------------------------------------------------------------------------------------

describe("eligibility", () => {
  it("refuses signing, uploads and completion before email, ID and profile are done", async () => {
    const fresh = await member({ onboarded: false });
    const halfway = await member({ onboarded: false });
    await db()
      .update(users)
      .set({ emailVerifiedAt: new Date(), documentsUploadedAt: new Date() })
      .where(eq(users.id, halfway.id));

    for (const caller of [fresh, halfway]) {
      const signed = await sign(caller, { signatureImage: await drawnSignature(), agreed: true });
      expect(signed.status).toBe(403);
      expect(signed.body.error).toMatchObject({
        code: "CONTRACT_NOT_ELIGIBLE",
        message:
          "Please complete email verification, ID upload, and profile completion before signing the contract.",
      });
      const uploaded = await uploadContract(
        caller,
        "personal",
        { templateId: PERSONAL_DE },
        { data: samplePdf },
      );
      expect(uploaded.status).toBe(403);
      expect(uploaded.body.error?.code).toBe("CONTRACT_NOT_ELIGIBLE");
      expect((await complete(caller)).status).toBe(403);
      expect(await evidenceOf(caller.id)).toEqual([]);
      expect((await statusOf(caller)).contract_signed).toBe(0);
    }
  });

  it("needs a login", async () => {
    expect((await post(t.app, "/api/contracts/sign", { signatureImage: "x", agreed: true })).status).toBe(
      401,
    );
    expect((await call(t.app, "GET", "/api/contracts/templates")).status).toBe(401);
    expect((await call(t.app, "GET", "/api/contracts/mine")).status).toBe(401);
  });
});

describe("GET /api/contracts/templates", () => {
  it("lists the active templates of the member's audience in the member's language", async () => {
    const both = await addTemplate({ name: "Datenschutzhinweis", language: "de", audience: "both" });
    await addTemplate({ name: "Inaktiv", language: "de", audience: "both" }).then((id) =>
      setState([id], "inactive"),
    );
    const personal = await member({ language: "de" });
    const company = await member({ userType: "company", language: "de" });

    expect(await templatesOf(personal)).toEqual([
      {
        id: both,
        name: "Datenschutzhinweis",
        description: null,
        type: "contract",
        lang: "de",
        version: 1,
        done: false,
      },
      {
        id: PERSONAL_DE,
        name: "Partnervereinbarung",
        description: "Vereinbarung für private Partner",
        type: "contract",
        lang: "de",
        version: 1,
        done: false,
      },
    ]);
    expect((await templatesOf(company)).map((template) => template.id)).toEqual([both, COMPANY_DE]);
    expect((await templatesOf(personal, "en")).map((template) => template.id)).toEqual([PERSONAL_EN]);
    expect((await templatesOf(company, "en")).map((template) => template.id)).toEqual([COMPANY_EN]);
  });

  it("falls back to the other language when none exist in the requested one", async () => {
    await setState([PERSONAL_EN, COMPANY_EN], "inactive");
    const personal = await member({ language: "en" });

    expect((await templatesOf(personal)).map((template) => template.id)).toEqual([PERSONAL_DE]);
    expect((await templatesOf(personal, "en")).map((template) => template.id)).toEqual([PERSONAL_DE]);
  });
});

describe("POST /api/contracts/sign (drawn signature)", () => {
  it("signs, stores the PDF with its evidence and completes the contract step", async () => {
    const caller = await member({ language: "de" });
    const ip = uniqueIp();

    const answer = await sign(caller, { signatureImage: await drawnSignature(), agreed: true }, ip);

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { contracts, contractSignedAt } = answer.body as unknown as {
      contracts: ContractDocument[];
      contractSignedAt: string;
    };
    expect(contracts).toHaveLength(1);
    const [contract] = contracts as [ContractDocument];
    expect(contract).toMatchObject({
      templateId: PERSONAL_DE,
      templateName: "Partnervereinbarung",
      templateVersion: 1,
      method: "drawn",
      originalFilename: "Partnervereinbarung v1 – signed.pdf",
    });
    expect((await statusOf(caller)).contract_signed).toBe(1);
    expect((await templatesOf(caller)).map((template) => template.done)).toEqual([true]);

    // The evidence, the documents row, the stored object and the download are the same bytes.
    const [evidence] = await evidenceOf(caller.id);
    const [document] = await db().select().from(documents).where(eq(documents.id, contract.id));
    if (!evidence || !document) throw new Error("rows missing");
    expect(evidence).toMatchObject({
      templateId: PERSONAL_DE,
      templateName: "Partnervereinbarung",
      templateVersion: 1,
      documentId: contract.id,
      method: "drawn",
      ip,
      userAgent: USER_AGENT,
    });
    expect(evidence.signedAt.toISOString()).toBe(contractSignedAt);
    expect(document).toMatchObject({
      userId: caller.id,
      kind: "contract",
      documentType: "contract",
      contentType: "application/pdf",
      originalFilename: "Partnervereinbarung v1 – signed.pdf",
    });
    const stored = await readStored(document.storageKey);
    expect(document.storageKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sha256(stored)).toBe(evidence.sha256);
    expect(document.sha256).toBe(evidence.sha256);
    expect(contract.sha256).toBe(evidence.sha256);
    expect(document.sizeBytes).toBe(stored.length);
    const fetched = await download(contract.signedUrl);
    expect(fetched.status).toBe(200);
    expect(fetched.type).toBe("application/pdf");
    expect(fetched.bytes.equals(stored)).toBe(true);

    // The PDF is the template filled with the member's data, dated today, with the signature.
    const text = await pdfText(stored);
    expect(text).toContain("Partnervereinbarung");
    expect(text).toContain("Gegenstand");
    expect(text).toContain("Erika Musterfrau");
    expect(text).toContain("Musterstraße 1, 10115 Berlin, DE");
    expect(text).toContain(caller.email);
    const today = new Intl.DateTimeFormat("de-DE", { dateStyle: "long", timeZone: "Europe/Berlin" }).format(
      new Date(),
    );
    expect(text).toContain(today);
    expect(pdfImages(stored)).toContain("400x120");

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, caller.id), eq(auditLog.action, "contract.signed")));
    expect(audit).toMatchObject({ actorUserId: caller.id, ip });
  });

  it("signs every template of the chosen language and uses the company's contact person", async () => {
    const both = await addTemplate({ name: "Data Protection Notice", language: "en", audience: "both" });
    const caller = await member({ userType: "company", language: "de" });

    const { contracts } = await signOk(caller, "en");

    expect(contracts.map((contract) => contract.templateId).sort()).toEqual([both, COMPANY_EN].sort());
    for (const contract of contracts) {
      const text = await pdfText((await download(contract.signedUrl)).bytes);
      expect(text).toContain("Max Kontakt");
    }
    const agreement = contracts.find((contract) => contract.templateId === COMPANY_EN);
    const text = await pdfText((await download(agreement?.signedUrl ?? "")).bytes);
    expect(text).toContain("Beispiel Handels GmbH");
    expect(text).toContain(
      new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/Berlin" }).format(new Date()),
    );
    expect(await evidenceOf(caller.id)).toHaveLength(2);
  });

  it("puts the active company stamp on the signed PDF", async () => {
    const withoutStamp = await signOk(await member());
    const stamp = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 20, g: 40, b: 160, alpha: 0.9 } },
    })
      .png()
      .toBuffer();
    await db()
      .insert(companyStamps)
      .values({ id: 1, mimeType: "image/png", image: stamp, sizeBytes: stamp.length, isActive: false });
    const inactiveStamp = await signOk(await member());
    await db().update(companyStamps).set({ isActive: true });
    const withStamp = await signOk(await member());

    const images = async (answer: { contracts: ContractDocument[] }) =>
      pdfImages((await download(answer.contracts[0]?.signedUrl ?? "")).bytes);
    expect(await images(withoutStamp)).not.toContain("300x200");
    expect(await images(inactiveStamp)).not.toContain("300x200");
    expect(await images(withStamp)).toContain("300x200");
    expect(await images(withStamp)).toContain("400x120");
  });

  it("adds new evidence when signing again, and asks again for a new version", async () => {
    const caller = await member();
    const first = await signOk(caller);
    const second = await signOk(caller);

    expect(second.contracts[0]?.id).not.toBe(first.contracts[0]?.id);
    expect(await evidenceOf(caller.id)).toHaveLength(2);
    const mine = await call(t.app, "GET", "/api/contracts/mine", { token: caller.token });
    expect((mine.body as unknown as { contracts: ContractDocument[] }).contracts).toHaveLength(2);
    // Both files are still there.
    for (const answer of [first, second]) {
      expect((await download(answer.contracts[0]?.signedUrl ?? "")).status).toBe(200);
    }

    await addVersion(PERSONAL_DE, 2, "<h1>Partnervereinbarung</h1><p>Neue Fassung für {{name}}.</p>");
    expect(await templatesOf(caller)).toMatchObject([{ id: PERSONAL_DE, version: 2, done: false }]);
    const third = await signOk(caller);
    expect(third.contracts[0]).toMatchObject({
      templateVersion: 2,
      originalFilename: "Partnervereinbarung v2 – signed.pdf",
    });
    expect(await pdfText((await download(third.contracts[0]?.signedUrl ?? "")).bytes)).toContain(
      "Neue Fassung",
    );
    expect(await templatesOf(caller)).toMatchObject([{ id: PERSONAL_DE, version: 2, done: true }]);
  });

  it.each([
    ["no signature", { agreed: true }],
    ["no agreement", { signatureImage: "drawn" }],
    ["the agreement refused", { signatureImage: "drawn", agreed: false }],
    ["a JPEG signature", { signatureImage: "jpeg", agreed: true }],
    ["an HTML page as signature", { signatureImage: "html", agreed: true }],
    ["an empty canvas", { signatureImage: "blank", agreed: true }],
  ] as const)("refuses %s with 422 and stores nothing", async (_label, body) => {
    const caller = await member();
    const kind = "signatureImage" in body ? body.signatureImage : undefined;
    const resolved = kind ? { ...body, signatureImage: await badSignatures[kind]() } : body;

    const answer = await sign(caller, resolved);

    expect(answer.status).toBe(422);
    expect(answer.body.error?.code).toBe("VALIDATION_FAILED");
    expect(await evidenceOf(caller.id)).toEqual([]);
    expect((await statusOf(caller)).contract_signed).toBe(0);
  });

  it.each([
    ["an empty canvas", "blank", "signatureMissing", "Please sign the contract."],
    [
      "a JPEG signature",
      "jpeg",
      "signatureNotPng",
      "The signature must be a PNG image of the drawn signature.",
    ],
  ] as const)("says why %s is refused, beside the signature", async (_label, kind, reason, message) => {
    const caller = await member();
    const answer = await sign(caller, { signatureImage: await badSignatures[kind](), agreed: true });
    expect(answer.body.error).toEqual({
      code: "VALIDATION_FAILED",
      reason,
      message,
      details: { issues: [{ path: "signatureImage", message }] },
    });
  });

  it("leaves nothing behind when one template cannot be rendered", async () => {
    // Listed at version 2, but that version is missing: signing fails after the first PDF is stored.
    const broken = await addTemplate({ name: "Zusatzvereinbarung", language: "de", audience: "both" });
    await db().update(contractTemplates).set({ currentVersion: 2 }).where(eq(contractTemplates.id, broken));
    const caller = await member({ language: "de" });
    const objectsBefore = storedObjectCount();

    const answer = await sign(caller, { signatureImage: await drawnSignature(), agreed: true });

    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({
      reason: "contractTemplateChanged",
      message: "A contract template changed. Please reload the page.",
    });
    expect(storedObjectCount()).toBe(objectsBefore);
    expect(await evidenceOf(caller.id)).toEqual([]);
    expect(await db().select().from(documents).where(eq(documents.userId, caller.id))).toEqual([]);
    expect((await statusOf(caller)).contract_signed).toBe(0);
  });

  it("refuses a signature over its size limit with 413", async () => {
    const caller = await member();
    const huge = `data:image/png;base64,${Buffer.alloc(600 * 1024, 1).toString("base64")}`;
    const answer = await sign(caller, { signatureImage: huge, agreed: true });
    expect(answer.status).toBe(413);
    expect(answer.body.error?.code).toBe("PAYLOAD_TOO_LARGE");
    // Within the body's limit but over the image's: the signature's own reason.
    const over = `data:image/png;base64,${Buffer.alloc(520 * 1024, 1).toString("base64")}`;
    const overImage = await sign(caller, { signatureImage: over, agreed: true });
    expect(overImage.status).toBe(413);
    expect(overImage.body.error).toMatchObject({
      reason: "signatureTooLarge",
      message: "The signature image is too large.",
    });
  });

  it("answers 409 NO_CONTRACT_TEMPLATES when no template is active", async () => {
    await setState(DEFAULT_TEMPLATE_IDS, "inactive");
    const caller = await member();

    expect(await templatesOf(caller)).toEqual([]);
    const signed = await sign(caller, { signatureImage: await drawnSignature(), agreed: true });
    expect(signed.status).toBe(409);
    expect(signed.body.error?.code).toBe("NO_CONTRACT_TEMPLATES");
    expect((await complete(caller)).body.error?.code).toBe("NO_CONTRACT_TEMPLATES");
    expect((await statusOf(caller)).contract_signed).toBe(0);
  });
});

describe("own contracts and downloads", () => {
  it("shows a member only their own contracts; admins may fetch anyone's", async () => {
    const owner = await member();
    const other = await member();
    const admin = await member({ role: "admin" });
    const { contracts } = await signOk(owner);
    const contract = contracts[0] as ContractDocument;

    const ownList = await call(t.app, "GET", "/api/contracts/mine", { token: owner.token });
    expect((ownList.body as unknown as { contracts: ContractDocument[] }).contracts.map((c) => c.id)).toEqual(
      [contract.id],
    );
    const otherList = await call(t.app, "GET", "/api/contracts/mine", { token: other.token });
    expect(otherList.body).toEqual({ contracts: [] });

    const own = await call(t.app, "GET", `/api/contracts/${contract.id}/download`, { token: owner.token });
    expect(own.status).toBe(302);
    const fetched = await download(own.headers.get("location") ?? "");
    expect(fetched.status).toBe(200);
    expect(sha256(fetched.bytes)).toBe(contract.sha256);

    for (const id of [contract.id, crypto.randomUUID(), "not-a-uuid"]) {
      const refused = await call(t.app, "GET", `/api/contracts/${id}/download`, { token: other.token });
      expect(refused.status, id).toBe(404);
      expect(refused.headers.get("location")).toBeNull();
      expect(refused.body.error).toMatchObject({
        reason: "contractNotFound",
        message: "Contract not found.",
      });
    }
    // An ID document is no contract.
    const [idDocument] = await db()
      .insert(documents)
      .values({
        userId: other.id,
        kind: "id",
        documentType: "personal_id",
        originalFilename: "front.png",
        storageKey: crypto.randomUUID(),
        contentType: "image/png",
        sizeBytes: 1,
        sha256: "0",
      })
      .returning({ id: documents.id });
    expect(
      (await call(t.app, "GET", `/api/contracts/${idDocument?.id}/download`, { token: other.token })).status,
    ).toBe(404);

    const byAdmin = await call(t.app, "GET", `/api/contracts/${contract.id}/download`, {
      token: admin.token,
    });
    expect(byAdmin.status).toBe(302);
    expect((await download(byAdmin.headers.get("location") ?? "")).bytes.equals(fetched.bytes)).toBe(true);

    // The admin's view of the user's documents lists the signed contract too.
    const adminView = await call(t.app, "GET", `/api/auth/users/${owner.id}/documents`, {
      token: admin.token,
    });
    const listed = (adminView.body as unknown as { contracts: { id: string; signedUrl: string }[] })
      .contracts;
    expect(listed.map((entry) => entry.id)).toEqual([contract.id]);
    expect((await download(listed[0]?.signedUrl ?? "")).bytes.equals(fetched.bytes)).toBe(true);
  });
});

describe("GET /api/document-templates/{id}/generate-pdf", () => {
  const generate = (caller: Caller, id: string) =>
    t.app.request(`/api/document-templates/${id}/generate-pdf`, {
      headers: { authorization: `Bearer ${caller.token}` },
    });

  it("renders the member's own template filled with their data, unsigned", async () => {
    const caller = await member();
    const response = await generate(caller, PERSONAL_EN);

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain("attachment");
    expect(response.headers.get("content-disposition")).toContain("Partner Agreement v1.pdf");
    const text = await pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain("Erika Musterfrau");
    expect(text).toContain("Not signed yet");
    expect(await evidenceOf(caller.id)).toEqual([]);
  });

  it("answers 404 for a template of the other audience, an inactive or unknown one; admins may render any", async () => {
    const personal = await member();
    const company = await member({ userType: "company" });
    const admin = await member({ role: "admin" });
    await setState([PERSONAL_EN], "inactive");

    expect((await generate(personal, COMPANY_DE)).status).toBe(404);
    expect((await generate(company, PERSONAL_DE)).status).toBe(404);
    expect((await generate(personal, PERSONAL_EN)).status).toBe(404);
    expect((await generate(personal, crypto.randomUUID())).status).toBe(404);
    const unknown = await generate(personal, "nope");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: {
        code: "NOT_FOUND",
        reason: "contractTemplateNotFound",
        message: "Contract template not found.",
      },
    });
    expect((await generate(company, COMPANY_DE)).status).toBe(200);
    expect((await generate(admin, COMPANY_DE)).status).toBe(200);
  });
});

describe("upload mode: POST /api/upload/contract/{personal,company} and /api/contracts/complete", () => {
  it("stores one signed PDF per template, then completes the contract step", async () => {
    const notice = await addTemplate({ name: "Datenschutzhinweis", language: "de", audience: "both" });
    const caller = await member({ language: "de" });

    const first = await uploadContract(caller, "personal", { templateId: PERSONAL_DE }, { data: samplePdf });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.contract).toMatchObject({
      templateId: PERSONAL_DE,
      templateVersion: 1,
      method: "upload",
      originalFilename: "Partnervereinbarung v1 – signed.pdf",
      sha256: sha256(samplePdf),
    });
    expect(first.body.missing).toEqual([{ id: notice, name: "Datenschutzhinweis" }]);
    // Stored as uploaded.
    const [document] = await db()
      .select()
      .from(documents)
      .where(eq(documents.id, first.body.contract?.id ?? ""));
    expect((await readStored(document?.storageKey ?? "")).equals(samplePdf)).toBe(true);

    // A body far beyond the few bytes of {"lang":…} is refused before it is read.
    const oversized = await complete(caller, { lang: "de", padding: "x".repeat(64 * 1024) });
    expect(oversized.status).toBe(413);

    const early = await complete(caller);
    expect(early.status).toBe(422);
    expect(early.body.error).toMatchObject({
      code: "CONTRACT_INCOMPLETE",
      details: { missing: [{ id: notice, name: "Datenschutzhinweis" }] },
    });
    expect(early.body.error?.message).toContain("Datenschutzhinweis");
    expect(early.body.error).toMatchObject({
      reason: "contractsMissing",
      message: "Please sign or upload these contracts first: Datenschutzhinweis.",
      details: { names: ["Datenschutzhinweis"] },
    });
    expect((await statusOf(caller)).contract_signed).toBe(0);

    const second = await uploadContract(caller, "personal", { templateId: notice }, { data: samplePdf });
    expect(second.status).toBe(201);
    expect(second.body.missing).toEqual([]);

    // Without a body: the member's own language.
    const done = await call(t.app, "POST", "/api/contracts/complete", { token: caller.token });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(typeof (done.body as unknown as { contractSignedAt: string }).contractSignedAt).toBe("string");
    expect((await statusOf(caller)).contract_signed).toBe(1);
    const evidence = await evidenceOf(caller.id);
    expect(evidence.map((row) => row.method)).toEqual(["upload", "upload"]);
    expect(evidence.every((row) => row.sha256 === sha256(samplePdf))).toBe(true);
  });

  it("also takes the form with the file before the templateId", async () => {
    const caller = await member();
    const body = Buffer.concat([
      contractForm({}, { data: samplePdf }).subarray(0, -`--${BOUNDARY}--\r\n`.length),
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="templateId"\r\n\r\n${PERSONAL_DE}\r\n--${BOUNDARY}--\r\n`,
      ),
    ]);
    const response = await t.app.request("/api/upload/contract/personal", {
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        authorization: `Bearer ${caller.token}`,
      },
      body,
    });
    expect(response.status).toBe(201);
  });

  it.each([
    ["an HTML page named .pdf", Buffer.from("<html><body>not a contract</body></html>")],
    ["a PNG image", Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")],
    ["a PDF marker not at the start", Buffer.concat([Buffer.from("xx"), Buffer.from("%PDF-1.7\n")])],
  ])("refuses %s with 415 and stores nothing", async (_label, data) => {
    const caller = await member();
    const before = await db().select({ id: documents.id }).from(documents);
    const answer = await uploadContract(caller, "personal", { templateId: PERSONAL_DE }, { data });
    expect(answer.status).toBe(415);
    expect(answer.body.error).toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Please select a PDF file.",
    });
    expect(await db().select({ id: documents.id }).from(documents)).toEqual(before);
  });

  it("accepts exactly 10 MB and refuses 10 MB + 1 byte with 413", async () => {
    const caller = await member();
    const tooLarge = await uploadContract(
      caller,
      "personal",
      { templateId: PERSONAL_DE },
      { data: pdfOfSize(CONTRACT_PDF_MAX_BYTES + 1) },
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "File size must be less than 10MB.",
    });
    expect(await evidenceOf(caller.id)).toEqual([]);

    const exact = await uploadContract(
      caller,
      "personal",
      { templateId: PERSONAL_DE },
      { data: pdfOfSize(CONTRACT_PDF_MAX_BYTES) },
    );
    expect(exact.status).toBe(201);
  });

  it("refuses a template the member does not sign with 404, and the other account type's route with 403", async () => {
    const personal = await member();
    const company = await member({ userType: "company" });

    for (const templateId of [COMPANY_DE, crypto.randomUUID(), "nope", ""]) {
      const answer = await uploadContract(personal, "personal", { templateId }, { data: samplePdf });
      expect(answer.status, templateId).toBe(404);
      expect(answer.body.error, templateId).toMatchObject({ reason: "contractTemplateNotFound" });
    }
    expect((await uploadContract(personal, "personal", {}, { data: samplePdf })).status).toBe(404);
    expect(
      (await uploadContract(personal, "company", { templateId: COMPANY_DE }, { data: samplePdf })).status,
    ).toBe(403);
    expect(
      (await uploadContract(company, "personal", { templateId: PERSONAL_DE }, { data: samplePdf })).status,
    ).toBe(403);
    expect(
      (await uploadContract(company, "company", { templateId: COMPANY_DE }, { data: samplePdf })).status,
    ).toBe(201);
    expect(await evidenceOf(personal.id)).toEqual([]);
    const noFile = await uploadContract(personal, "personal", { templateId: PERSONAL_DE });
    expect(noFile.status).toBe(422);
    expect(noFile.body.error).toEqual({
      code: "VALIDATION_FAILED",
      reason: "contractNotPdf",
      message: "Please select a PDF file.",
    });
    const noBody = await t.app.request("/api/upload/contract/personal", {
      method: "POST",
      headers: { authorization: `Bearer ${personal.token}` },
    });
    expect(noBody.status).toBe(422);
    expect(((await noBody.json()) as { error: unknown }).error).toMatchObject({ reason: "contractNotPdf" });
  });
});

describe("a member filling the disk with contract uploads", () => {
  const MB = 1024 * 1024;
  /** A real PDF of 1 MB whose last bytes tell the uploads apart. */
  const megabytePdf = (marker: number) => {
    const pdf = pdfOfSize(MB);
    pdf.write(`%${marker}`.padEnd(8, " "), MB - 8, "latin1");
    return pdf;
  };
  const contractRowsOf = (userId: string) =>
    db()
      .select({ id: documents.id, storageKey: documents.storageKey, sizeBytes: documents.sizeBytes })
      .from(documents)
      .where(and(eq(documents.userId, userId), eq(documents.kind, "contract")));

  it("keeps one stored upload per template version: 30 uploads of 1 MB end as one object", async () => {
    const caller = await member();
    const objectsBefore = storedObjectCount();
    let firstKey: string | undefined;
    for (let i = 1; i <= 30; i += 1) {
      const answer = await uploadContract(
        caller,
        "personal",
        { templateId: PERSONAL_DE },
        { data: megabytePdf(i) },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      if (i === 1) firstKey = (await contractRowsOf(caller.id))[0]?.storageKey;
    }

    const rows = await contractRowsOf(caller.id);
    expect(rows).toHaveLength(1);
    expect(await evidenceOf(caller.id)).toHaveLength(1);
    expect(storedObjectCount() - objectsBefore).toBe(1);
    // The earlier upload is gone from storage, the last one is what is kept.
    expect(firstKey).toBeDefined();
    expect(await t.deps.storage.get(firstKey ?? "")).toBeNull();
    expect((await readStored(rows[0]?.storageKey ?? "")).equals(megabytePdf(30))).toBe(true);

    // Uploads racing each other end the same way.
    const raced = await Promise.all(
      [31, 32, 33, 34].map((i) =>
        uploadContract(caller, "personal", { templateId: PERSONAL_DE }, { data: megabytePdf(i) }),
      ),
    );
    expect(raced.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(await contractRowsOf(caller.id)).toHaveLength(1);
    expect(storedObjectCount() - objectsBefore).toBe(1);
  });

  it("keeps the upload a completed contract step rests on when the member uploads again", async () => {
    const caller = await member();
    const objectsBefore = storedObjectCount();
    const first = await uploadContract(caller, "personal", { templateId: PERSONAL_DE }, { data: samplePdf });
    expect(first.status).toBe(201);
    expect((await complete(caller)).status).toBe(200);

    for (const marker of [1, 2]) {
      const again = await uploadContract(
        caller,
        "personal",
        { templateId: PERSONAL_DE },
        { data: megabytePdf(marker) },
      );
      expect(again.status).toBe(201);
    }

    // The completed evidence and one pending upload.
    const rows = await contractRowsOf(caller.id);
    expect(rows.map((row) => row.id)).toContain(first.body.contract?.id);
    expect(rows).toHaveLength(2);
    expect(storedObjectCount() - objectsBefore).toBe(2);
    expect((await download(first.body.contract?.signedUrl ?? "")).bytes.equals(samplePdf)).toBe(true);
  });

  it("refuses an upload past the member's storage quota with 413 and stores nothing", async () => {
    const caller = await member({ language: "de" });
    const notice = await addTemplate({ name: "Datenschutzhinweis", language: "de", audience: "both" });
    const extra = await addTemplate({ name: "Zusatzvereinbarung", language: "de", audience: "both" });
    // Earlier documents (ID images) fill the quota up to 2.5 MB.
    await db()
      .insert(documents)
      .values({
        userId: caller.id,
        kind: "id",
        documentType: "personal_id",
        originalFilename: "front.png",
        storageKey: crypto.randomUUID(),
        contentType: "image/png",
        sizeBytes: MEMBER_STORAGE_QUOTA_BYTES - 2.5 * MB,
        sha256: sha256(Buffer.from("front")),
      });
    const objectsBefore = storedObjectCount();

    // Three uploads at once: two fit, the third is refused under the member's lock.
    const raced = await Promise.all(
      [PERSONAL_DE, notice, extra].map((templateId, i) =>
        uploadContract(caller, "personal", { templateId }, { data: megabytePdf(i) }),
      ),
    );
    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 201, 413]);
    expect(storedObjectCount() - objectsBefore).toBe(2);
    const [refused] = raced.filter((answer) => answer.status === 413);
    expect(refused?.body.error).toEqual({
      code: "STORAGE_QUOTA_EXCEEDED",
      reason: "storageQuotaReached",
      message: "Your documents have reached the storage limit of 100 MB. Please contact support.",
      details: { quotaMb: 100 },
    });

    // Half a megabyte left (2.5 MB counting both pending uploads as replaceable): a 3 MB file is
    // stopped while it streams, nothing is kept.
    const accepted = (await evidenceOf(caller.id)).map((row) => row.templateId);
    const refusedTemplate = [PERSONAL_DE, notice, extra].find((id) => !accepted.includes(id)) ?? "";
    const rowsBefore = await contractRowsOf(caller.id);
    const again = await uploadContract(
      caller,
      "personal",
      { templateId: refusedTemplate },
      { data: pdfOfSize(3 * MB) },
    );
    expect(again.status).toBe(413);
    expect(again.body.error?.code).toBe("STORAGE_QUOTA_EXCEEDED");
    expect(await contractRowsOf(caller.id)).toEqual(rowsBefore);
    expect(storedObjectCount() - objectsBefore).toBe(2);

    // Replacing a pending upload frees its bytes first, so that still works.
    const replacement = await uploadContract(
      caller,
      "personal",
      { templateId: accepted[0] ?? "" },
      { data: megabytePdf(10) },
    );
    expect(replacement.status, JSON.stringify(replacement.body)).toBe(201);
    expect(await contractRowsOf(caller.id)).toHaveLength(2);
    expect(storedObjectCount() - objectsBefore).toBe(2);

    // Signing renders and stores too: refused before rendering once the quota is used up.
    await db()
      .update(documents)
      .set({ sizeBytes: MEMBER_STORAGE_QUOTA_BYTES })
      .where(and(eq(documents.userId, caller.id), eq(documents.kind, "id")));
    const signed = await sign(caller, { signatureImage: await drawnSignature(), agreed: true });
    expect(signed.status).toBe(413);
    expect(signed.body.error?.code).toBe("STORAGE_QUOTA_EXCEEDED");
    const refusedAtOnce = await uploadContract(
      caller,
      "personal",
      { templateId: refusedTemplate },
      { data: samplePdf },
    );
    expect(refusedAtOnce.status).toBe(413);
    expect(refusedAtOnce.body.error?.code).toBe("STORAGE_QUOTA_EXCEEDED");
    expect(storedObjectCount() - objectsBefore).toBe(2);
    expect(await contractRowsOf(caller.id)).toHaveLength(2);
  });
});

describe("a member looping PDF renders", () => {
  const generate = (caller: Caller, id: string) =>
    t.app.request(`/api/document-templates/${id}/generate-pdf`, {
      headers: { authorization: `Bearer ${caller.token}` },
    });

  it("answers 429 with Retry-After once the member's downloads reach the limit", async () => {
    const caller = await member();
    for (let i = 0; i < CONTRACT_RENDER_LIMITS.download.limit; i += 1) {
      expect((await generate(caller, PERSONAL_DE)).status).toBe(200);
    }
    const limited = await generate(caller, PERSONAL_DE);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CONTRACT_RENDER_LIMITS.download.windowSeconds);
    expect(((await limited.json()) as { error: unknown }).error).toMatchObject({
      code: "RATE_LIMITED",
      reason: "contractDownloadsRateLimited",
      message: "Too many contract downloads. Please wait and try again.",
    });
    // Another member is not affected.
    expect((await generate(await member(), PERSONAL_DE)).status).toBe(200);
  });

  it("answers 429 with Retry-After once the member's signing reaches the limit", async () => {
    const caller = await member();
    for (let i = 0; i < CONTRACT_RENDER_LIMITS.sign.limit; i += 1) await signOk(caller);
    const objectsBefore = storedObjectCount();
    const limited = await t.app.request("/api/contracts/sign", {
      method: "POST",
      headers: { authorization: `Bearer ${caller.token}`, "content-type": "application/json" },
      body: JSON.stringify({ signatureImage: await drawnSignature(), agreed: true }),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: unknown }).error).toMatchObject({
      reason: "contractSigningRateLimited",
      message: "Too many signing attempts. Please wait and try again.",
    });
    expect(storedObjectCount()).toBe(objectsBefore);
  });

  it("answers 503 with Retry-After at once when every render slot and the line are taken", async () => {
    const caller = await member();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold the slots and the line with renders that wait for the gate.
    const { slots, waiting } = contractRenderQueue.capacity;
    const holders = Array.from({ length: slots + waiting }, () => contractRenderQueue.run(() => gate));
    expect(contractRenderQueue.load).toEqual({ running: slots, waiting });
    try {
      const started = Date.now();
      const answer = await Promise.race([
        generate(caller, PERSONAL_DE),
        new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 3000)),
      ]);
      expect(answer, "the request waited for a slot").not.toBe("waited");
      const response = answer as Response;
      expect(response.status).toBe(503);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await response.json()) as { error: unknown }).error).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        reason: "contractRenderBusy",
        message: "Many contracts are being prepared right now. Please try again in a moment.",
      });
      expect(Date.now() - started).toBeLessThan(3000);

      const objectsBefore = storedObjectCount();
      const signed = await sign(caller, { signatureImage: await drawnSignature(), agreed: true });
      expect(signed.status).toBe(503);
      expect(storedObjectCount()).toBe(objectsBefore);
      expect(await evidenceOf(caller.id)).toEqual([]);
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await generate(caller, PERSONAL_DE)).status).toBe(200);
  });
});

describe("API description", () => {
  it("documents the member contract and stamp routes", async () => {
    const response = await t.app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    const spec = (await response.json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    for (const route of ["/api/upload/contract/personal", "/api/upload/contract/company"]) {
      expect(Object.keys(spec.paths[route]?.post?.requestBody?.content ?? {})).toEqual([
        "multipart/form-data",
      ]);
    }
    for (const [route, method] of [
      ["/api/contracts/templates", "get"],
      ["/api/document-templates/{id}/generate-pdf", "get"],
      ["/api/contracts/sign", "post"],
      ["/api/contracts/complete", "post"],
      ["/api/contracts/mine", "get"],
      ["/api/contracts/{id}/download", "get"],
      ["/api/company-stamps", "post"],
      ["/api/company-stamps/mine", "get"],
      ["/api/company-stamps/mine/active", "get"],
      ["/api/company-stamps/{id}/activate", "patch"],
      ["/api/company-stamps/{id}", "delete"],
    ] as const) {
      expect(spec.paths[route]?.[method], `${method} ${route}`).toBeDefined();
    }
  });
});
