// Users of every kind for the page audit, made on a fresh database the way the end-to-end tests
// make them: the test seeding route creates the account, then the member's own BFF calls take it
// through the onboarding steps (so each step page is seen as a member at that step sees it).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import sharp from "sharp";

const PASSWORD = "Audit-Passw0rd!";

/** The `name=value` pairs of a response's Set-Cookie headers, merged into `jar`. */
function keepCookies(jar, response) {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const eq = pair.indexOf("=");
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

const cookieHeader = (jar) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** Quoted-printable soft breaks and escapes undone, enough to find a six-digit code in a mail. */
const unQuote = (text) =>
  text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

async function verificationCode(mailDir, email) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith(".eml")) : [];
    for (const file of files) {
      const raw = unQuote(fs.readFileSync(path.join(mailDir, file), "utf8"));
      const to = /^To:.*$/im.exec(raw)?.[0] ?? "";
      if (!to.includes(email)) continue;
      const code = /\b(\d{6})\b/.exec(raw.slice(raw.search(/\r?\n\r?\n/)))?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification mail for ${email} within 15 s`);
}

async function idImage(color) {
  const buffer = await sharp({ create: { width: 480, height: 300, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return new Blob([buffer], { type: "image/jpeg" });
}

/** A signed-in member's BFF calls, with the cookies the sign-in set. */
class Session {
  constructor(baseUrl, jar) {
    this.baseUrl = baseUrl;
    this.jar = jar;
  }

  async call(method, route, body, expected = [200, 201, 204]) {
    const isForm = body instanceof FormData;
    const response = await fetch(new URL(route, this.baseUrl), {
      method,
      headers: {
        Origin: this.baseUrl,
        Cookie: cookieHeader(this.jar),
        ...(body && !isForm ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? (isForm ? body : JSON.stringify(body)) : undefined,
      redirect: "manual",
    });
    keepCookies(this.jar, response);
    if (!expected.includes(response.status))
      throw new Error(`${method} ${route}: ${response.status} ${(await response.text()).slice(0, 300)}`);
    return response.status === 204 ? null : response.json().catch(() => null);
  }

  /** The session cookies as a Cookie header value, for the browser the audit drives. */
  cookie() {
    return cookieHeader(this.jar);
  }
}

export function createSeeder({ baseUrl, apiUrl, seedToken, dataDir }) {
  const mailDir = path.join(dataDir, "mail");

  async function seedUser(input) {
    const email = `${input.label}-${crypto.randomBytes(4).toString("hex")}@audit.example.com`;
    const response = await fetch(`${apiUrl}/api/test/users`, {
      method: "POST",
      headers: { "x-seed-token": seedToken, "Content-Type": "application/json" },
      body: JSON.stringify({
        email,
        password: PASSWORD,
        firstName: "Erika",
        lastName: "Muster",
        ...(input.userType === "company" ? { companyName: "Muster GmbH" } : {}),
        userType: input.userType ?? "personal",
        role: input.role ?? "user",
        status: input.status ?? "pending",
        permissions: input.permissions ?? [],
      }),
    });
    if (response.status !== 201)
      throw new Error(`seeding ${input.label}: ${response.status} ${await response.text()}`);
    // Admins come with two-factor sign-in on (the seeding route's default) and its secret.
    const { id, totpSecret } = await response.json();
    return { id, email, totpSecret };
  }

  async function signIn(user) {
    const jar = new Map();
    const session = new Session(baseUrl, jar);
    const answer = await session.call("POST", "/api/auth/login", { email: user.email, password: PASSWORD });
    if (answer?.mfaRequired && user.totpSecret) {
      const totp = new TOTP({ secret: Secret.fromBase32(user.totpSecret), period: 30, digits: 6 });
      await session.call("POST", "/api/auth/login/totp", {
        challenge: answer.challenge,
        code: totp.generate(),
      });
    }
    return session;
  }

  async function verifyEmail(session, user) {
    await session.call("POST", "/api/auth/send-verification-email", {});
    const code = await verificationCode(mailDir, user.email);
    await session.call("POST", "/api/auth/verify-email-code", { code });
  }

  async function uploadId(session, type) {
    const form = new FormData();
    form.set("idType", type === "company" ? "company_id_card" : "passport");
    form.set("idNumber", "C01X00T47");
    form.set("expiryDate", new Date(Date.now() + 2 * 365 * 86_400_000).toISOString().slice(0, 10));
    form.set("hasBackside", "true");
    form.set("front", await idImage("#2255aa"), "front.jpg");
    form.set("back", await idImage("#aa5522"), "back.jpg");
    await session.call("POST", `/api/upload/${type}-id`, form);
  }

  async function completeProfile(session, type) {
    const common = { accountHolderName: "Erika Muster", iban: "AT611904300234573201" };
    const profile =
      type === "company"
        ? {
            companyPhone: "+49 30 1234567",
            address: "Industriestraße 5",
            zipCode: "80331",
            city: "München",
            country: "Germany",
            branch: "Consulting",
            numberOfEmployees: 12,
            registrationNumber: "DE123456789",
          }
        : {
            dateOfBirth: "1988-03-04",
            nationality: "Austrian",
            address: "Ringstraße 1",
            zipCode: "1010",
            city: "Wien",
            country: "Austria",
          };
    await session.call("POST", `/api/profile/${type}/complete`, { ...profile, ...common });
  }

  /** A member of `type` signed in with the first `stepsDone` onboarding steps behind them. */
  async function memberAtStep(type, stepsDone) {
    const user = await seedUser({ label: `${type}-step${stepsDone + 1}`, userType: type });
    const session = await signIn(user);
    if (stepsDone >= 1) await verifyEmail(session, user);
    if (stepsDone >= 2) await uploadId(session, type);
    if (stepsDone >= 3) await completeProfile(session, type);
    return { ...user, session };
  }

  return { seedUser, signIn, memberAtStep };
}
