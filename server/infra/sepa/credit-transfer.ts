import SEPA from "sepa";
import { validateXML } from "xmllint-wasm";
import { SEPA_CREDIT_TRANSFER_XSD } from "./sepa-credit-transfer-xsd";

export type DebtorAccount = { name: string; iban: string; bic: string };
export type CreditTransfer = {
  name: string;
  iban: string;
  amountCents: number;
  endToEndId: string;
  reference: string;
};

/** German letters the SEPA basic character set lacks, written the way banks expect. */
const TRANSLITERATIONS: Record<string, string> = {
  ä: "ae",
  ö: "oe",
  ü: "ue",
  Ä: "Ae",
  Ö: "Oe",
  Ü: "Ue",
  ß: "ss",
  "&": "+",
};

/**
 * A text in the SEPA basic Latin character set (letters, digits, / - ? : ( ) . , ' + and space),
 * at most `max` characters: umlauts spelled out, accents dropped, anything else a space.
 */
export function sepaText(value: string, max: number): string {
  const spelled = value.replace(/[äöüÄÖÜß&]/g, (letter) => TRANSLITERATIONS[letter] ?? letter);
  const plain = spelled.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  const allowed = plain
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return allowed.slice(0, max).trim() || "-";
}

/** Cents as the file writes euros: "1234.50", from integers only. */
const euros = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

export class SepaFileInvalid extends Error {
  constructor(readonly problems: string[]) {
    super(`the SEPA file failed validation: ${problems.join("; ")}`);
    this.name = "SepaFileInvalid";
  }
}

/**
 * A SEPA credit transfer file (pain.001.001.09) paying every transfer from the debtor's account,
 * built by the `sepa` library and checked before anyone can download it: against the SEPA
 * subset's schema (libxml2), and its counts and control sums against the integer cents it was
 * built from. Throws SepaFileInvalid when either check fails.
 */
export async function buildCreditTransferFile(input: {
  messageId: string;
  createdAt: Date;
  executionDate: Date;
  debtor: DebtorAccount;
  transfers: CreditTransfer[];
}): Promise<string> {
  const document = new SEPA.Document("pain.001.001.09");
  document.grpHdr.id = input.messageId;
  document.grpHdr.created = input.createdAt;
  document.grpHdr.initiatorName = sepaText(input.debtor.name, 70);
  const info = document.createPaymentInfo();
  info.requestedExecutionDate = input.executionDate;
  info.debtorIBAN = input.debtor.iban;
  info.debtorBIC = input.debtor.bic;
  info.debtorName = sepaText(input.debtor.name, 70);
  document.addPaymentInfo(info);
  for (const transfer of input.transfers) {
    const transaction = info.createTransaction();
    transaction.creditorName = sepaText(transfer.name, 70);
    transaction.creditorIBAN = transfer.iban;
    // The library takes euros as a number; two decimals of an integer divided by 100 are exact
    // enough to print, and the control sums are checked against the cents below.
    transaction.amount = transfer.amountCents / 100;
    transaction.remittanceInfo = sepaText(transfer.reference, 140);
    transaction.end2endId = transfer.endToEndId;
    info.addTransaction(transaction);
  }
  let xml: string;
  try {
    xml = document.toString();
  } catch (error) {
    // The library checks IBANs, BICs and lengths itself before it writes.
    throw new SepaFileInvalid([error instanceof Error ? error.message : String(error)]);
  }
  await assertValid(xml, input.transfers);
  return xml;
}

async function assertValid(xml: string, transfers: CreditTransfer[]): Promise<void> {
  const result = await validateXML({
    xml: [{ fileName: "payout.xml", contents: xml }],
    schema: [SEPA_CREDIT_TRANSFER_XSD],
  });
  const problems = result.errors.map((error) => error.message.trim());
  const total = transfers.reduce((sum, transfer) => sum + transfer.amountCents, 0);
  const controlSums = [...xml.matchAll(/<CtrlSum>([^<]*)<\/CtrlSum>/g)].map((match) => match[1]);
  if (controlSums.length === 0 || controlSums.some((sum) => sum !== euros(total))) {
    problems.push(`control sums ${controlSums.join(", ")} are not ${euros(total)}`);
  }
  const counts = [...xml.matchAll(/<NbOfTxs>([^<]*)<\/NbOfTxs>/g)].map((match) => match[1]);
  if (counts.length === 0 || counts.some((count) => count !== String(transfers.length))) {
    problems.push(`transaction counts ${counts.join(", ")} are not ${transfers.length}`);
  }
  const amounts = [...xml.matchAll(/<InstdAmt Ccy="EUR">([^<]*)<\/InstdAmt>/g)].map((match) => match[1]);
  if (amounts.join() !== transfers.map((transfer) => euros(transfer.amountCents)).join()) {
    problems.push("the amounts differ from the transfers'");
  }
  if (!result.valid || problems.length > 0) throw new SepaFileInvalid(problems);
}
