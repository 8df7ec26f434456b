import { ContractsPage, contractsPageMetadata } from "@/components/admin/contracts/contracts-page";

export const generateMetadata = contractsPageMetadata("templates");

/** The template page: create templates, activate or deactivate them. */
export default function ContractTemplatesPage() {
  return <ContractsPage page="templates" />;
}
