import { loadTemplateList } from "@/components/admin/admin-data.server";
import { adminPageMetadata } from "@/components/admin/admin-page";
import { ContractsPage } from "@/components/admin/contracts/contracts-page";
import { TemplateAdmin } from "@/components/admin/contracts/template-admin";

export const generateMetadata = adminPageMetadata("AdminContracts.templatesPage");

/** The template page: create templates, activate or deactivate them (the list comes with the first render). */
export default async function ContractTemplatesPage() {
  const list = await loadTemplateList();
  return (
    <ContractsPage page="templates">
      <TemplateAdmin initial={list} />
    </ContractsPage>
  );
}
