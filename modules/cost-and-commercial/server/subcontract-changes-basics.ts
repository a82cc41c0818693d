import type { ContractStatus } from "../domain/vocabularies";
import { INDIRECT_PATH, subcontractPath } from "./downstream-basics";

/**
 * The variations, back charges, securities and indirect costs pages' paths, intents and limits, for the browser
 * and the server alike (the zod schemas are in subcontract-changes-forms.ts and indirect-forms.ts).
 */

/** A variation or a back charge: the two change registers of a subcontract, one set of steps. */
export const CHANGE_KINDS = ["variations", "back-charges"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const changeCreatePath = (subcontractId: string, kind: ChangeKind) =>
  `${subcontractPath(subcontractId, kind)}/new`;
export const securityCreatePath = (subcontractId: string) =>
  `${subcontractPath(subcontractId, "securities")}/new`;
export const securityEditPath = (subcontractId: string, securityId: string) =>
  `${subcontractPath(subcontractId, "securities")}/${securityId}/edit`;

export const INDIRECT_CREATE_PATH = `${INDIRECT_PATH}/new`;
export const indirectEditPath = (id: string) => `${INDIRECT_PATH}/${id}/edit`;

export const CHANGE_INTENTS = { transition: "transition" } as const;
export const SECURITY_INTENTS = { release: "release" } as const;
export const INDIRECT_INTENTS = { delete: "delete" } as const;

/** A number's prefix per register: VAR-001, BC-001 (per subcontract). */
export const CHANGE_NUMBER_PREFIX: Record<ChangeKind, string> = { variations: "VAR", "back-charges": "BC" };

export const CHANGE_LIMITS = {
  title: 200,
  description: 2000,
  comment: 2000,
  reference: 100,
  issuer: 200,
  category: 100,
  indirectDescription: 300,
} as const;

/** A security that expires within this many days of the site's today is flagged "expires soon". */
export const SECURITY_WARNING_DAYS = 30;

/** Not yet decided: what a register totals as "pending" (approved is its own total; rejected counts in neither). */
export const isPendingChange = (status: ContractStatus) => status === "draft" || status === "submitted";

export type SecurityWarning = "expired" | "expiring" | null;

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * A held security's warning on `today`: "expired" once its expiry day has passed, "expiring" when it falls within
 * SECURITY_WARNING_DAYS; a released security, or one without an expiry, warns of nothing.
 */
export function securityWarning(
  security: { expiryDate: string | null; releasedOn: string | null },
  today: string,
): SecurityWarning {
  if (security.releasedOn || !security.expiryDate) return null;
  if (security.expiryDate < today) return "expired";
  return security.expiryDate <= addDays(today, SECURITY_WARNING_DAYS) ? "expiring" : null;
}
