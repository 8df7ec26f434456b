import { ContractsPage, contractsPageMetadata } from "@/components/admin/contracts/contracts-page";

export const generateMetadata = contractsPageMetadata("dashboard");

/** The contract dashboard (the admin layout has checked the role): the stamp and the template list. */
export default function ContractDashboardPage() {
  return <ContractsPage page="dashboard" />;
}
