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
 * Spec §2 dashboard welcome: personal users by first plus last name, else 'User' (the caller
 * passes the translated fallback); companies by company name, else name, else email.
 */
export function displayName(user: NamedUser, fallback: string): string {
  if (user.userType === "company") {
    return clean(user.companyName) ?? clean(user.name) ?? clean(user.email) ?? fallback;
  }
  const full = [clean(user.firstName), clean(user.lastName)].filter(Boolean).join(" ");
  return full || fallback;
}

/** Spec §2 header avatar: at most two letters, uppercase. */
export function initials(user: NamedUser): string {
  const source =
    user.userType === "company"
      ? (clean(user.companyName) ?? clean(user.email) ?? "")
      : [clean(user.firstName), clean(user.lastName)].filter(Boolean).join(" ") || (clean(user.email) ?? "");
  const words = source.split(/[\s@._-]+/u).filter(Boolean);
  const letters =
    words.length >= 2
      ? `${[...(words[0] ?? "")][0] ?? ""}${[...(words[1] ?? "")][0] ?? ""}`
      : [...(words[0] ?? "")].slice(0, 2).join("");
  return letters.toUpperCase() || "?";
}
