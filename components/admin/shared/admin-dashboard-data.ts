import type { z } from "zod";
import type { ApiLoad } from "@/lib/api/problem";
import type { auditListSchema, serverStatusSchema, userStatsSchema } from "@/lib/schemas/admin";
import type {
  activeStampResponseSchema,
  CompanyStamp,
  ResignPending,
  TemplateSummary,
} from "@/lib/schemas/contracts";
import type { topReferrersSchema } from "@/lib/schemas/referral-tree";

/** What the server loads for the admin dashboard's first render, one answer per card. */
export type AdminDashboardData = {
  stats: ApiLoad<z.infer<typeof userStatsSchema>>;
  serverStatus: ApiLoad<z.infer<typeof serverStatusSchema>>;
  audit: ApiLoad<z.infer<typeof auditListSchema>>;
  topReferrers: ApiLoad<z.infer<typeof topReferrersSchema>>;
};

/** The stamp section's state: every saved stamp (0 or 1) and the active one. */
export type StampState = {
  stamps: CompanyStamp[];
  active: z.infer<typeof activeStampResponseSchema>["stamp"];
};

/** What the server loads for the contract dashboard's first render, one answer per card. */
export type ContractDashboardData = {
  stamp: ApiLoad<StampState>;
  templates: ApiLoad<TemplateSummary[]>;
  /** Versions members must sign again and who has not yet. */
  resignPending: ApiLoad<ResignPending>;
};
