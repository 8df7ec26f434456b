export * from "./auth";
export * from "./profiles";
export * from "./referrals";
export * from "./users";
