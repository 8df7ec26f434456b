import { get, post } from "./endpoint";

/** The registration calls start with this. */
export const REGISTER_PREFIX = "/api/register/";

/** A member's referral links, and joining through one. */
export const referralApi = {
  create: post("/api/referral/create"),
  list: get("/api/referral/list"),
  deactivate: post("/api/referral/deactivate"),
  stats: get("/api/referral/stats"),
  /** What the registration page shows about a link before anyone signs in. */
  info: get("/api/referral/info/{token}"),
  register: {
    personal: post("/api/register/personal-referral"),
    company: post("/api/register/company-referral"),
  },
} as const;
