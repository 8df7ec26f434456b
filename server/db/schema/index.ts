export * from "./auth";
export * from "./documents";
export * from "./news";
export * from "./profiles";
export * from "./referrals";
export * from "./users";
