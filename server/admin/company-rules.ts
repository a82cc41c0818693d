import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { escapeLike } from "~/server/db/like";

/**
 * Company rules shared by the project and global company pages, and by the browser's form validation:
 * no Remix, no MikroORM here.
 */

/** Spec 4: the company statuses (the same list as the entity's). */
export const COMPANY_STATUSES = ["IN_PROGRESS", "IN_REVIEW", "CLOSED"] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const COMPANY_STATUS_TONES = {
  IN_PROGRESS: "info",
  IN_REVIEW: "warning",
  CLOSED: "neutral",
} as const satisfies Record<CompanyStatus, string>;

export function isCompanyStatus(value: unknown): value is CompanyStatus {
  return COMPANY_STATUSES.includes(value as CompanyStatus);
}

/** Column sizes of the entity: the form refuses what the database could not store. */
export const COMPANY_LIMITS = {
  name: 200,
  trade: 200,
  erpPartnerCompanyId: 100,
  taxId: 50,
  phone: 40,
  address: 500,
  country: 100,
  description: 2000,
} as const;

export const PHONE_DIGITS = { min: 6, max: 20 } as const;

/**
 * A phone number as people write it: digits, spaces, hyphens and parentheses, with an optional leading
 * '+', and 6 to 20 digits in all (short site extensions to international numbers with area codes).
 */
export function isPhoneNumber(value: string): boolean {
  const phone = value.trim();
  if (!/^\+?[\d\s()-]+$/.test(phone)) return false;
  const digits = phone.replace(/\D/g, "").length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

/** A name as it is stored: trimmed, with runs of spaces made one. */
export function tidyName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

/** Two names are the same when they differ only in case or spacing ("ACME  Civil" = "acme civil"). */
export function nameKey(name: string): string {
  return tidyName(name).normalize("NFKC").toLocaleLowerCase("en");
}

/**
 * A LIKE pattern that finds every stored name that could share the name's key (spacing may differ in
 * old rows); the caller keeps the rows whose `nameKey` matches.
 */
export function sameNamePattern(name: string): string {
  return tidyName(name).split(" ").map(escapeLike).join("%");
}

const optionalText = (max: number) => z.string().trim().max(max, maxLengthMessage(max)).optional();

export const companyFormSchema = z.object({
  name: z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(COMPANY_LIMITS.name, maxLengthMessage(COMPANY_LIMITS.name)),
  status: z.enum(COMPANY_STATUSES, { error: requiredMessage }).default("IN_PROGRESS"),
  trade: optionalText(COMPANY_LIMITS.trade),
  erpPartnerCompanyId: optionalText(COMPANY_LIMITS.erpPartnerCompanyId),
  taxId: optionalText(COMPANY_LIMITS.taxId),
  phone: optionalText(COMPANY_LIMITS.phone).refine(
    (phone) => !phone || isPhoneNumber(phone),
    message("common:validation.invalidPhone"),
  ),
  address: optionalText(COMPANY_LIMITS.address),
  country: optionalText(COMPANY_LIMITS.country),
  description: optionalText(COMPANY_LIMITS.description),
});
export type CompanyForm = z.infer<typeof companyFormSchema>;

/** The stored values of a valid form: empty fields become null, the name is tidied. */
export function companyValues(form: CompanyForm) {
  const orNull = (value: string | undefined) => (value ? value : null);
  return {
    name: tidyName(form.name),
    status: form.status,
    trade: orNull(form.trade),
    erpPartnerCompanyId: orNull(form.erpPartnerCompanyId),
    taxId: orNull(form.taxId),
    phone: orNull(form.phone?.trim()),
    address: orNull(form.address),
    country: orNull(form.country),
    description: orNull(form.description),
  };
}
export type CompanyValues = ReturnType<typeof companyValues>;

const COMPANY_VALUE_KEYS = [
  "name",
  "status",
  "trade",
  "erpPartnerCompanyId",
  "taxId",
  "phone",
  "address",
  "country",
  "description",
] as const satisfies readonly (keyof CompanyValues)[];

/** The same fields read from a stored company, for the activity log's before/after. */
export function storedCompanyValues(company: { [K in keyof CompanyValues]?: CompanyValues[K] | undefined }) {
  return Object.fromEntries(COMPANY_VALUE_KEYS.map((key) => [key, company[key] ?? null])) as CompanyValues;
}

/** What still uses a company; while anything does, it cannot be deleted (members would lose it silently). */
export type CompanyUsage = { members: number; projects: number };

export function canDeleteCompany(usage: CompanyUsage): boolean {
  return usage.members === 0 && usage.projects === 0;
}

export const COMPANY_SORTS = ["name", "trade", "country", "status", "updatedAt"] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

export type CompanyListQuery = {
  q: string;
  statuses: CompanyStatus[];
  sort: CompanySort;
  dir: "asc" | "desc";
};

/** The list's URL state: search text, status filter (repeatable), sort column and direction. */
export function readCompanyListQuery(params: URLSearchParams): CompanyListQuery {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    statuses: [...new Set(params.getAll("status").filter(isCompanyStatus))],
    ...readListSort(params, COMPANY_SORTS, { sort: "name", dir: "asc" }),
  };
}

export const COMPANY_TABS = ["overview", "projects", "members"] as const;
export type CompanyTab = (typeof COMPANY_TABS)[number];

export function readCompanyTab(params: URLSearchParams): CompanyTab {
  const tab = params.get("tab");
  return COMPANY_TABS.includes(tab as CompanyTab) ? (tab as CompanyTab) : "overview";
}
