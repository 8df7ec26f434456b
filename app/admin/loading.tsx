import { PageSkeleton } from "@/components/layout/page-skeleton";

/**
 * While an admin page loads its data, the admin layout (header, role and second-factor checks)
 * stays and this stands in for the page, in its shape, until the page streams in and replaces it.
 */
export default function AdminLoading() {
  return <PageSkeleton variant="admin" />;
}
