import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE } from "../../../lib/time-zone";
import { configureDisplay } from "../display-settings";
import { idExpiringMail, newBrowserSignInMail, passwordResetMail, securityEventMail } from "./templates";

const PRIVACY_URL = "https://operator.example/privacy";
const IMPRINT_URL = "https://operator.example/imprint";

afterEach(() => configureDisplay({ timeZone: DEFAULT_TIME_ZONE }));

const resetMail = (locale: "en" | "de") =>
  passwordResetMail("member@example.com", locale, "http://localhost:3000/password-reset-set?token=x", 30);

describe("the footer of every mail", () => {
  it("links the privacy policy and the imprint when both are configured, in the member's language", () => {
    configureDisplay({ timeZone: DEFAULT_TIME_ZONE, privacyUrl: PRIVACY_URL, imprintUrl: IMPRINT_URL });
    const en = resetMail("en");
    expect(en.text).toContain(`Privacy policy: ${PRIVACY_URL}\nImprint: ${IMPRINT_URL}`);
    expect(en.html).toContain(`<a href="${PRIVACY_URL}" style="color:#1e40af">Privacy policy</a>`);
    expect(en.html).toContain(`<a href="${IMPRINT_URL}" style="color:#1e40af">Imprint</a>`);
    const de = resetMail("de");
    expect(de.text).toContain(`Datenschutzerklärung: ${PRIVACY_URL}\nImpressum: ${IMPRINT_URL}`);
    expect(de.html).toContain(`<a href="${PRIVACY_URL}" style="color:#1e40af">Datenschutzerklärung</a>`);
  });

  it("links only what is configured", () => {
    configureDisplay({ timeZone: DEFAULT_TIME_ZONE, imprintUrl: IMPRINT_URL });
    const mail = resetMail("en");
    expect(mail.text).toContain(`Imprint: ${IMPRINT_URL}`);
    expect(mail.text).not.toContain("Privacy policy");
    expect(mail.html).not.toContain("Privacy policy");
  });

  it("has no legal links at all when neither is configured (no dead links)", () => {
    for (const mail of [resetMail("en"), resetMail("de")]) {
      expect(mail.text).not.toMatch(/Privacy policy|Imprint|Datenschutzerklärung|Impressum/);
      expect(mail.html).not.toMatch(/Privacy policy|Imprint|Datenschutzerklärung|Impressum/);
      expect(mail.html).not.toContain("operator.example");
    }
  });
});

// 23:30 UTC on 14 January is 00:30 on 15 January in Berlin (winter time, UTC+1).
const lateSignIn = {
  browser: "Firefox",
  os: "Linux",
  ip: "203.0.113.0/24",
  at: new Date("2026-01-14T23:30:00Z"),
};

describe("times in mails", () => {
  it("writes a sign-in's time in the configured zone (Europe/Berlin by default), naming the zone", () => {
    const en = newBrowserSignInMail("member@example.com", "en", lateSignIn, "http://localhost:3000/profile");
    expect(en.text).toContain("Time: Jan 15, 2026, 00:30 GMT+1.");
    const de = newBrowserSignInMail("member@example.com", "de", lateSignIn, "http://localhost:3000/profile");
    expect(de.text).toContain("15. Jan. 2026, 00:30 MEZ");
  });

  it("follows APP_TIME_ZONE when another zone is configured", () => {
    configureDisplay({ timeZone: "America/New_York" });
    const mail = newBrowserSignInMail(
      "member@example.com",
      "en",
      lateSignIn,
      "http://localhost:3000/profile",
    );
    expect(mail.text).toContain("Time: Jan 14, 2026, 18:30 EST.");
  });

  it("writes the security notices' 'when and from where' line in the configured zone", () => {
    const mail = securityEventMail(
      "member@example.com",
      "en",
      { kind: "two_factor_disabled" },
      lateSignIn,
      "http://localhost:3000/profile",
    );
    expect(mail.text).toContain("When and from where: Jan 15, 2026, 00:30 GMT+1, Firefox on Linux");
  });

  it("keeps an ID's expiry date on its calendar day whatever the zone", () => {
    // Ten hours behind UTC: a zone-shifted midnight would fall on the day before.
    configureDisplay({ timeZone: "Pacific/Honolulu" });
    const mail = idExpiringMail("member@example.com", "en", "2026-03-01", "http://localhost:3000/profile");
    expect(mail.text).toContain("expires on March 1, 2026.");
  });
});
