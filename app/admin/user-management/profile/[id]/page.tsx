import { UserDetailPage, userDetailMetadata } from "@/components/admin/users/user-detail-page";

export const generateMetadata = userDetailMetadata("profile");

/** /admin/user-management/profile/{id}: the user view plus actions and audit trail. */
export default function AdminUserProfilePage({ params }: { params: Promise<{ id: string }> }) {
  return <UserDetailPage params={params} variant="profile" />;
}
