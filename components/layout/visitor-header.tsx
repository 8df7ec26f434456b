import { LanguageSwitcher } from "./language-switcher";

/** The header of a visitor who is not logged in: only the language switcher. */
export function VisitorHeader() {
  return (
    <header className="flex justify-end px-4 py-3 sm:px-6">
      <LanguageSwitcher />
    </header>
  );
}
