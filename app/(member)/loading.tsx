import { PageSkeleton } from "@/components/layout/page-skeleton";

/**
 * While a member page loads its data, the member layout (header, session check) stays and this
 * stands in for the page, in its shape, until the page streams in and replaces it.
 */
export default function MemberLoading() {
  return <PageSkeleton variant="member" />;
}
