import { loadContractDashboard } from "@/components/admin/admin-data.server";
import { adminPageMetadata } from "@/components/admin/admin-page";
import { ContractDashboard } from "@/components/admin/contracts/contract-dashboard";
import { ContractsPage } from "@/components/admin/contracts/contracts-page";

export const generateMetadata = adminPageMetadata("AdminContracts.dashboard");

/**
 * The contract dashboard (the admin layout has checked the role). The stamp and the template
 * list come with the first render, so nothing moves in after the first paint.
 */
export default async function ContractDashboardPage() {
  const data = await loadContractDashboard();
  return (
    <ContractsPage page="dashboard">
      <ContractDashboard data={data} />
    </ContractsPage>
  );
}
