import type { ContractStatus, RfaStatus } from "../domain/vocabularies";

/** The home and upstream pages' paths, tabs, intents and limits, for the browser (schemas: upstream-forms.ts). */

export const CNC_PATH = "/cost-and-commercial";
export const CNC_HOME_PATH = `${CNC_PATH}/home`;
export const UPSTREAM_PATH = `${CNC_PATH}/upstream`;
export const UPSTREAM_CREATE_PATH = `${UPSTREAM_PATH}/create`;
export const UPSTREAM_EDIT_PATH = `${UPSTREAM_PATH}/edit`;
/** The calendar helper's route (schedules and reminders of the head contract). */
export const UPSTREAM_SCHEDULES_PATH = `${UPSTREAM_PATH}/schedules`;
export const DOWNSTREAM_PATH = `${CNC_PATH}/downstream`;
export const CALENDAR_PATH = `${CNC_PATH}/calendar`;
export const HEAD_CLAIM_CREATE_PATH = `${UPSTREAM_PATH}/claims/new`;
export const headClaimPath = (id: string) => `${UPSTREAM_PATH}/claims/${id}`;
export const COMPLIANCE_CREATE_PATH = `${UPSTREAM_PATH}/compliance/new`;
export const complianceFilePath = (id: string) => `${UPSTREAM_PATH}/compliance/${id}/file`;
export const RFA_CREATE_PATH = `${UPSTREAM_PATH}/rfa/new`;
export const rfaPath = (id: string) => `${UPSTREAM_PATH}/rfa/${id}`;

export const UPSTREAM_TABS = ["details", "claims", "compliance", "revenue", "rfa", "packages"] as const;
export type UpstreamTab = (typeof UPSTREAM_TABS)[number];
export const upstreamPath = (tab?: UpstreamTab) =>
  `${UPSTREAM_PATH}${tab && tab !== "details" ? `?tab=${tab}` : ""}`;

export const COMING_SOON_PAGES = ["orderBook", "preContract", "contractReview", "reports"] as const;
export type ComingSoonPage = (typeof COMING_SOON_PAGES)[number];

export const UPSTREAM_INTENTS = {
  transition: "transition",
  complianceDelete: "compliance-delete",
  revenue: "revenue",
  packageSync: "package-sync",
} as const;

export const HEAD_CLAIM_INTENTS = {
  transition: "transition",
  schedule: "payment-schedule",
  paid: "paid",
} as const;

export const RFA_INTENTS = { transition: "transition", response: "response" } as const;

/** The activity log's entity types. */
export const HEAD_CONTRACT_ENTITY_TYPE = "cnc.head-contract";
export const HEAD_CLAIM_ENTITY_TYPE = "cnc.head-claim";
export const RFA_ENTITY_TYPE = "cnc.rfa";
/** A compliance document's file is a core attachment of this entity type. */
export const COMPLIANCE_ENTITY_TYPE = "cnc.compliance";

export const UPSTREAM_LIMITS = {
  code: 50,
  client: 200,
  description: 4000,
  comment: 2000,
  name: 200,
  keyDateLabel: 100,
  keyDates: 10,
  title: 200,
  notes: 1000,
  revenueMonths: 60,
} as const;

/** Claims whose payment schedule or payment falls due within this many days show on the home page. */
export const CLAIMS_DUE_DAYS = 14;

type Tone = "success" | "danger" | "info" | "neutral" | "warning";

export const CONTRACT_STATUS_TONES: Record<ContractStatus, Tone> = {
  draft: "neutral",
  open: "info",
  submitted: "info",
  in_review: "warning",
  revise_and_resubmit: "warning",
  approved: "success",
  executed: "success",
  reject: "danger",
  void: "neutral",
};

export const RFA_STATUS_TONES: Record<RfaStatus, Tone> = {
  draft: "neutral",
  open: "info",
  submitted: "info",
  in_review: "warning",
  answered: "success",
  rejected: "danger",
  closed: "neutral",
  void: "neutral",
};
