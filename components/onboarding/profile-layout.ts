import type { PhoneValue } from "@/components/forms/phone-field";
import type { SessionUser } from "@/lib/schemas/auth";
import type { AccountType } from "@/lib/vocabulary";
import { localDate } from "./local-date";
import { emptyPhone, toInternationalPhone } from "./profile-phone-field";
import type { ProfileValues } from "./profile-values";

/** What a text-like field of the form sets on its input (and the hint shown under it). */
export type InputProps = {
  required?: boolean;
  type?: "text" | "email" | "date" | "number" | "password";
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "text" | "numeric" | "email";
  min?: string | number;
  max?: string | number;
  readOnly?: boolean;
  /** A key of `ProfileForm` shown under the field. */
  hint?: "ibanHint" | "companyEmailHint" | "currentPasswordHint";
};

export type ProfileFieldSpec =
  | ({ name: string; kind: "text" } & InputProps)
  | { name: string; kind: "phone"; required?: boolean; autoComplete: string };

/** A section of the form: a legend (a key of `ProfileForm.sections`) and rows of one or two columns. */
export type ProfileSection = { legend: string; rows: ProfileFieldSpec[][] };

const text = (name: string, props: InputProps = {}): ProfileFieldSpec => ({ name, kind: "text", ...props });
const phone = (name: string, autoComplete: string, required = false): ProfileFieldSpec => ({
  name,
  kind: "phone",
  autoComplete,
  required,
});

const addressSection: ProfileSection = {
  legend: "address",
  rows: [
    [text("address", { required: true, autoComplete: "street-address" })],
    [
      text("zipCode", { required: true, autoComplete: "postal-code", maxLength: 20 }),
      text("city", { required: true, autoComplete: "address-level2", maxLength: 100 }),
    ],
    [text("country", { required: true, autoComplete: "country-name", maxLength: 100 })],
  ],
};

const bankSection = (holderAutoComplete: string, needsPassword: boolean): ProfileSection => ({
  legend: "bank",
  rows: [
    [text("accountHolderName", { required: true, autoComplete: holderAutoComplete })],
    [text("iban", { required: true, autoComplete: "off", maxLength: 42, hint: "ibanHint" })],
    ...(needsPassword
      ? [
          [
            text("currentPassword", {
              type: "password",
              autoComplete: "current-password",
              maxLength: 1024,
              hint: "currentPasswordHint",
            }),
          ],
        ]
      : []),
  ],
});

/**
 * The sections of the profile form of an account type, in the order shown. `needsPassword`:
 * approved members confirm a change of bank details with their current password.
 */
export function profileSections(accountType: AccountType, needsPassword: boolean): ProfileSection[] {
  if (accountType === "personal") {
    return [
      {
        legend: "personal",
        rows: [
          [
            // The API's bounds: a real date since 1900, in the past.
            text("dateOfBirth", {
              required: true,
              type: "date",
              autoComplete: "bday",
              min: "1900-01-01",
              max: localDate(-1),
            }),
            text("nationality", { required: true, maxLength: 100 }),
          ],
          [text("referralEmail", { type: "email", autoComplete: "off", maxLength: 254, inputMode: "email" })],
        ],
      },
      addressSection,
      { legend: "contact", rows: [[phone("phone", "tel")], [phone("phoneSecondary", "off")]] },
      {
        legend: "emergency",
        rows: [
          [text("emergencyContactName", { autoComplete: "off" })],
          [phone("emergencyContactPhone", "off")],
        ],
      },
      bankSection("name", needsPassword),
    ];
  }
  return [
    {
      legend: "company",
      rows: [
        [
          text("companyName", { autoComplete: "organization" }),
          // The account's login: a profile save does not change it.
          text("companyEmail", {
            type: "email",
            autoComplete: "email",
            maxLength: 254,
            inputMode: "email",
            readOnly: true,
            hint: "companyEmailHint",
          }),
        ],
        [phone("companyPhone", "tel", true)],
        [
          text("branch", { required: true }),
          text("numberOfEmployees", { required: true, type: "number", inputMode: "numeric", min: 1 }),
        ],
        [
          text("registrationNumber", { required: true, maxLength: 100 }),
          text("registrationDate", { type: "date", max: localDate() }),
        ],
      ],
    },
    addressSection,
    {
      legend: "contactPerson",
      rows: [[text("contactPersonName", { autoComplete: "off" })], [phone("contactPersonPhone", "off")]],
    },
    bankSection("off", needsPassword),
  ];
}

/** The form's empty values with what the account already tells (names, the company's email). */
export function profileDefaults(accountType: AccountType, user: SessionUser | null): ProfileValues {
  const shared = { address: "", zipCode: "", city: "", country: "", iban: "", currentPassword: "" };
  if (accountType === "personal") {
    return {
      ...shared,
      dateOfBirth: "",
      nationality: "",
      phone: emptyPhone(),
      phoneSecondary: emptyPhone(),
      emergencyContactName: "",
      emergencyContactPhone: emptyPhone(),
      // The account usually belongs to the member: a start they can change.
      accountHolderName: [user?.firstName, user?.lastName].filter(Boolean).join(" "),
      referralEmail: "",
    };
  }
  return {
    ...shared,
    companyName: user?.companyName ?? "",
    companyPhone: emptyPhone(),
    // A company account signs in with the company's email (the API shows the same).
    companyEmail: user?.email ?? "",
    registrationDate: "",
    branch: "",
    numberOfEmployees: "",
    registrationNumber: "",
    accountHolderName: user?.companyName ?? "",
    contactPersonName: "",
    contactPersonPhone: emptyPhone(),
  };
}

const isPhone = (value: unknown): value is PhoneValue => typeof value === "object" && value !== null;

/** What the form holds as the API takes it: each phone with its country becomes one international number. */
export function toProfileInput(accountType: AccountType, values: ProfileValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    input[name] = isPhone(value) ? toInternationalPhone(value) : value;
  }
  // Blank is 'missing' (requiredFields), not the number 0 (minEmployees).
  if (accountType === "company")
    input.numberOfEmployees = String(values.numberOfEmployees ?? "").trim() || undefined;
  return input;
}

/**
 * Empty phones take the country of the member's own phone (the first one filled in, which the
 * registration usually saved): an Austrian member's emergency contact is most likely Austrian
 * too, and Germany is only the default when no phone says anything.
 */
export function withMemberCountry(values: ProfileValues): ProfileValues {
  const phones = Object.values(values).filter(isPhone);
  const own = phones.find((phone) => phone.number.trim());
  if (!own) return values;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) =>
      isPhone(value) && !value.number.trim() ? [name, { ...value, country: own.country }] : [name, value],
    ),
  );
}
