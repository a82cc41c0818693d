import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "./common";

export const companyStatuses = ["IN_PROGRESS", "IN_REVIEW", "CLOSED"] as const;

export const Company = defineEntity({
  name: "Company",
  properties: {
    id: idProperty(),
    name: p.string().length(200),
    status: p.enum(companyStatuses).default("IN_PROGRESS"),
    trade: p.string().length(200).nullable(),
    erpPartnerCompanyId: p.string().length(100).nullable(),
    taxId: p.string().length(50).nullable(),
    phone: p.string().length(40).nullable(),
    address: p.string().length(500).nullable(),
    country: p.string().length(100).nullable(),
    description: p.text().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
});
export type ICompany = InferEntity<typeof Company>;
