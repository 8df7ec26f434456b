import { UserDetailPage, userDetailMetadata } from "@/components/admin/users/user-detail-page";

export const generateMetadata = userDetailMetadata("view");

/** /admin/user-management/view/{id}: read-only profile, media and permissions. */
export default function AdminUserViewPage({ params }: { params: Promise<{ id: string }> }) {
  return <UserDetailPage params={params} variant="view" />;
}
