import { del, get, patch, post, put } from "./endpoint";

/** Signing: the member's templates, signatures, uploads, downloads and signing again. */
export const contractApi = {
  templates: get("/api/contracts/templates"),
  unsignedPdf: get("/api/document-templates/{id}/generate-pdf"),
  sign: post("/api/contracts/sign"),
  upload: {
    personal: post("/api/upload/contract/personal"),
    company: post("/api/upload/contract/company"),
  },
  complete: post("/api/contracts/complete"),
  mine: get("/api/contracts/mine"),
  download: get("/api/contracts/{id}/download"),
  resignList: get("/api/contracts/resign"),
  resign: post("/api/contracts/resign"),
} as const;

/** What admins manage for contracts: templates and the company stamp. */
export const templateApi = {
  list: get("/api/document-templates"),
  detail: get("/api/document-templates/{id}"),
  create: post("/api/document-templates"),
  update: put("/api/document-templates/{id}"),
  setState: patch("/api/document-templates/{id}/state"),
  preview: get("/api/document-templates/{id}/preview"),
} as const;

export const stampApi = {
  list: get("/api/company-stamps/mine"),
  active: get("/api/company-stamps/mine/active"),
  upload: post("/api/company-stamps"),
  activate: patch("/api/company-stamps/{id}/activate"),
  remove: del("/api/company-stamps/{id}"),
} as const;
