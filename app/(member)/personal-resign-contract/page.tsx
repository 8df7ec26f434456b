import { ResignContractPage, resignContractMetadata } from "@/components/contracts-resign/resign-page";

export const generateMetadata = resignContractMetadata;

export default function Page() {
  return <ResignContractPage accountType="personal" />;
}
