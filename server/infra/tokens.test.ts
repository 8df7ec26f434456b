import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type AccessClaims, createTokenService, generateKeyMaterial } from "./tokens";

// A session read verifies the caller's access token on every call; the service remembers tokens
// it has verified. These are the rules the remembering must not bend.

const claims: AccessClaims = {
  sub: randomUUID(),
  sid: randomUUID(),
  role: "user",
  userType: "personal",
  permissions: ["referral.manage"],
};

async function serviceWithClock(ttlSeconds = 60) {
  const clock = { ms: Date.now() };
  const service = await createTokenService({
    keys: generateKeyMaterial(),
    accessTokenTtlSeconds: ttlSeconds,
    now: () => clock.ms,
  });
  return { service, clock };
}

describe("verifyAccessToken on a token it has verified before", () => {
  it("refuses it once it has expired, as it would a token it never saw", async () => {
    const { service, clock } = await serviceWithClock(60);
    const { token, expiresAt } = await service.signAccessToken(claims);
    expect(await service.verifyAccessToken(token)).toMatchObject({ sub: claims.sub, sid: claims.sid });
    expect(await service.verifyAccessToken(token)).toMatchObject({ sub: claims.sub });

    clock.ms = expiresAt.getTime() - 1;
    expect(await service.verifyAccessToken(token)).toMatchObject({ sub: claims.sub });
    clock.ms = expiresAt.getTime();
    await expect(service.verifyAccessToken(token)).rejects.toThrow(/exp/);
    // And stays refused (nothing was remembered from the refusal).
    await expect(service.verifyAccessToken(token)).rejects.toThrow(/exp/);
  });

  it("refuses a copy with one character changed, however often the original was verified", async () => {
    const { service } = await serviceWithClock();
    const { token } = await service.signAccessToken(claims);
    for (let i = 0; i < 3; i++) await service.verifyAccessToken(token);
    const [header, payload, signature = ""] = token.split(".");
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === "A" ? "B" : "A"}${signature.at(-1)}`;
    await expect(service.verifyAccessToken(`${header}.${payload}.${flipped}`)).rejects.toThrow();
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, role: "super_admin" })).toString(
      "base64url",
    );
    await expect(service.verifyAccessToken(`${header}.${otherPayload}.${signature}`)).rejects.toThrow();
  });

  it("refuses a token another key signed, even with the same claims", async () => {
    const { service } = await serviceWithClock();
    const { service: stranger } = await serviceWithClock();
    const { token } = await service.signAccessToken(claims);
    await service.verifyAccessToken(token);
    const { token: foreign } = await stranger.signAccessToken(claims);
    await expect(service.verifyAccessToken(foreign)).rejects.toThrow();
  });

  it("hands out claims nobody can change for the next caller", async () => {
    const { service } = await serviceWithClock();
    const { token } = await service.signAccessToken(claims);
    const first = await service.verifyAccessToken(token);
    expect(() => {
      (first.permissions as string[]).push("admin.all");
    }).toThrow();
    expect(() => {
      (first as { role: string }).role = "super_admin";
    }).toThrow();
    expect(await service.verifyAccessToken(token)).toMatchObject({
      role: "user",
      permissions: ["referral.manage"],
    });
  });
});
