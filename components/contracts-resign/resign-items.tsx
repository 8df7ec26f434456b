import { useTranslations } from "next-intl";

type ResignItem = { id: string; name: string; signedVersion: number; version: number };

/** The contracts to sign again, each with the version the member signed and the current one. */
export function ResignItems({ templates, className }: { templates: ResignItem[]; className: string }) {
  const t = useTranslations("ContractResign");
  return (
    <ul className={className}>
      {templates.map((template) => (
        <li key={template.id}>
          {t("item", { name: template.name, signed: template.signedVersion, version: template.version })}
        </li>
      ))}
    </ul>
  );
}
