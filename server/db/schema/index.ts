export * from "./auth";
export * from "./change-reviews";
export * from "./contracts";
export * from "./documents";
export * from "./news";
export * from "./profiles";
export * from "./referrals";
export * from "./users";
