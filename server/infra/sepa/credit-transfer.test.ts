import { describe, expect, it } from "vitest";
import { buildCreditTransferFile, SepaFileInvalid, sepaText } from "./credit-transfer";

const debtor = { name: "Partner Platform GmbH", iban: "DE89370400440532013000", bic: "COBADEFFXXX" };
const transfer = (amountCents: number, index = 0) => ({
  name: "Jürgen Müller & Söhne",
  iban: "DE02120300000000202051",
  amountCents,
  endToEndId: `PAYOUT-1-${index}`,
  reference: "Partner commission payout 2026-12",
});
const build = (transfers: ReturnType<typeof transfer>[], overrides: Partial<typeof debtor> = {}) =>
  buildCreditTransferFile({
    messageId: "PAYOUT-1",
    createdAt: new Date("2026-12-07T10:00:00Z"),
    executionDate: new Date("2026-12-08T00:00:00Z"),
    debtor: { ...debtor, ...overrides },
    transfers,
  });

describe("SEPA credit transfer files (pain.001.001.09)", () => {
  it("writes each transfer in euros and cents, with control sums that add up to the cents given", async () => {
    // 0.10 + 0.20 in floating point is 0.30000000000000004: the file must still say 0.30.
    const xml = await build([transfer(10, 0), transfer(20, 1), transfer(123_456_789, 2)]);
    expect(xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"');
    expect([...xml.matchAll(/<InstdAmt Ccy="EUR">([^<]*)</g)].map((match) => match[1])).toEqual([
      "0.10",
      "0.20",
      "1234567.89",
    ]);
    expect([...xml.matchAll(/<CtrlSum>([^<]*)</g)].map((match) => match[1])).toEqual([
      "1234568.19",
      "1234568.19",
    ]);
    expect(xml).toContain("<Nm>Juergen Mueller + Soehne</Nm>");
    expect(xml).toContain("<BICFI>COBADEFFXXX</BICFI>");
    expect(xml).toContain("<ChrgBr>SLEV</ChrgBr>");
  });

  it("refuses a file the scheme would refuse: a malformed debtor IBAN or BIC, an amount over the limit", async () => {
    await expect(build([transfer(1000)], { iban: "DE89 3704 0044" })).rejects.toBeInstanceOf(SepaFileInvalid);
    await expect(build([transfer(1000)], { bic: "not a bic" })).rejects.toBeInstanceOf(SepaFileInvalid);
    await expect(build([transfer(100_000_000_000)])).rejects.toThrow(SepaFileInvalid);
    // The library writes these; the scheme's schema refuses them.
    await expect(build([{ ...transfer(1000), endToEndId: "PAYOUT 1 with spaces" }])).rejects.toThrow(
      /EndToEndId/,
    );
    await expect(build([{ ...transfer(0) }])).rejects.toThrow(SepaFileInvalid);
  });

  it("spells texts in the SEPA character set", () => {
    expect(sepaText("Ärger & Öl <GmbH>", 70)).toBe("Aerger + Oel GmbH");
    expect(sepaText("Zoë Saldaña", 70)).toBe("Zoe Saldana");
    expect(sepaText("x".repeat(80), 70)).toHaveLength(70);
    expect(sepaText("€€€", 70)).toBe("-");
  });
});
