type NamedUser = {
  userType?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  name?: string | null;
  companyName?: string | null;
  email?: string | null;
};

const clean = (value: string | null | undefined) => value?.trim() || undefined;

/**
 * Dashboard welcome: personal users by first plus last name, else 'User' (the caller
 * passes the translated fallback); companies by company name, else name, else email.
 */
export function displayName(user: NamedUser, fallback: string): string {
  if (user.userType === "company") {
    return clean(user.companyName) ?? clean(user.name) ?? clean(user.email) ?? fallback;
  }
  const full = [clean(user.firstName), clean(user.lastName)].filter(Boolean).join(" ");
  return full || fallback;
}

const words = (text: string) =>
  text
    .normalize("NFC")
    .split(/[\s@._-]+/u)
    .filter(Boolean);
// One letter, uppercase: "ß".toUpperCase() is "SS", which would make a third letter.
const capital = (word: string | undefined) => [...(word ?? "").toUpperCase()][0] ?? "";

/** Header avatar: at most two letters, uppercase. */
export function initials(user: NamedUser): string {
  const first = clean(user.firstName);
  const last = clean(user.lastName);
  if (user.userType !== "company" && first && last) {
    // First and last name: a double first name (Anna-Lena) must not push out the last name's letter.
    return `${capital(words(first)[0])}${capital(words(last)[0])}` || "?";
  }
  const source =
    user.userType === "company"
      ? (clean(user.companyName) ?? clean(user.name) ?? clean(user.email) ?? "")
      : (first ?? last ?? clean(user.email) ?? "");
  const parts = words(source);
  const letters =
    parts.length >= 2
      ? `${capital(parts[0])}${capital(parts[1])}`
      : [...(parts[0] ?? "")]
          .slice(0, 2)
          .map((letter) => capital(letter))
          .join("");
  return letters || "?";
}
