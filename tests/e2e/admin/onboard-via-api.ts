import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { baseURL } from "../e2e-env";
import { mailTo } from "../support";

const origin = { Origin: baseURL };

async function image(color: string) {
  return sharp({ create: { width: 480, height: 300, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** Logs in, verifies the email and uploads an ID of `idType` (for companies, the contact's). */
async function verifyAndUploadId(
  request: APIRequestContext,
  member: { email: string; password: string },
  type: "personal" | "company",
  idType: string,
) {
  const login = await request.post("/api/auth/login", { headers: origin, data: member });
  if (!login.ok()) throw new Error(`login: ${login.status()}`);

  const sent = await request.post("/api/auth/send-verification-email", { headers: origin, data: {} });
  if (!sent.ok()) throw new Error(`send code: ${sent.status()}`);
  const mail = await mailTo(member.email, /confirm your email/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";
  const verified = await request.post("/api/auth/verify-email-code", { headers: origin, data: { code } });
  if (!verified.ok()) throw new Error(`verify code: ${verified.status()}`);

  const expiry = new Date(Date.now() + 2 * 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const upload = await request.post(`/api/upload/${type}-id`, {
    headers: origin,
    multipart: {
      idType,
      idNumber: "C01X00T47",
      expiryDate: expiry,
      hasBackside: "true",
      front: { name: `${idType}-front.jpg`, mimeType: "image/jpeg", buffer: await image("#2255aa") },
      back: { name: `${idType}-back.jpg`, mimeType: "image/jpeg", buffer: await image("#aa5522") },
    },
  });
  if (upload.status() !== 201) throw new Error(`upload: ${upload.status()} ${await upload.text()}`);
}

/** A drawn signature as the canvas sends it: a PNG data URL with a dark stroke on transparency. */
async function signatureDataUrl() {
  const stroke = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M20 90 C 90 10, 160 110, 380 30" stroke="#111" stroke-width="3" fill="none"/></svg>',
  );
  const png = await sharp(stroke).png().toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** Signs every contract template of the logged-in member with a drawn signature. */
async function signContracts(request: APIRequestContext) {
  const signed = await request.post("/api/contracts/sign", {
    headers: origin,
    data: { signatureImage: await signatureDataUrl(), agreed: true, lang: "en" },
  });
  if (signed.status() !== 201) throw new Error(`sign: ${signed.status()} ${await signed.text()}`);
}

/** Which steps to take: all four unless `contract: false` (a member still onboarding). */
type OnboardOptions = { contract?: boolean };

/**
 * Takes a personal member through email, ID, profile and (unless told otherwise) the contract
 * via the BFF, as their pages would.
 */
export async function onboardPersonalMember(
  request: APIRequestContext,
  member: { email: string; password: string },
  options: OnboardOptions = {},
) {
  await verifyAndUploadId(request, member, "personal", "passport");
  const profile = await request.post("/api/profile/personal/complete", {
    headers: origin,
    data: {
      dateOfBirth: "1988-03-04",
      nationality: "Austrian",
      address: "Ringstraße 1",
      zipCode: "1010",
      city: "Wien",
      country: "Austria",
      accountHolderName: "Vera Verify",
      iban: "AT611904300234573201",
    },
  });
  if (!profile.ok()) throw new Error(`profile: ${profile.status()} ${await profile.text()}`);
  if (options.contract !== false) await signContracts(request);
  await request.post("/api/auth/logout", { headers: origin });
}

/** The same for a company member: email, the contact person's ID, the company profile, the contract. */
export async function onboardCompanyMember(
  request: APIRequestContext,
  member: { email: string; password: string; companyName?: string },
  options: OnboardOptions = {},
) {
  await verifyAndUploadId(request, member, "company", "company_id_card");
  const profile = await request.post("/api/profile/company/complete", {
    headers: origin,
    data: {
      companyPhone: "+49 30 1234567",
      address: "Industriestraße 5",
      zipCode: "80331",
      city: "München",
      country: "Germany",
      branch: "Consulting",
      numberOfEmployees: 12,
      registrationNumber: "DE123456789",
      accountHolderName: member.companyName ?? "Example GmbH",
      iban: "AT611904300234573201",
    },
  });
  if (!profile.ok()) throw new Error(`profile: ${profile.status()} ${await profile.text()}`);
  if (options.contract !== false) await signContracts(request);
  await request.post("/api/auth/logout", { headers: origin });
}
