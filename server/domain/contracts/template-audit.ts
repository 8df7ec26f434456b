/** Audit actions of the template calls; facts only, never the HTML itself. */
export const TEMPLATE_AUDIT_ACTIONS = {
  created: "admin.contract_template_created",
  versionCreated: "admin.contract_template_version_created",
  updated: "admin.contract_template_updated",
  stateChanged: "admin.contract_template_state_changed",
} as const;
