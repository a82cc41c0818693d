import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { openLinkState } from "~/server/links/state";
import {
  INSPECTION_POINT_CODES,
  type InspectionPointKind,
  isInspectionPointKind,
} from "../domain/inspection-points";
import { ITP_STATUSES, type ItpStatus } from "../domain/itp-workflow";

/**
 * ITP rules shared by the routes, the server and the import: no Remix, no MikroORM here. Messages are
 * translation keys with their parameters (app/utils/message-key: "common:validation.maxLength?length=200"), translated
 * on the server in the reader's language (server/settings/form-errors.server translateReply).
 */

export const ITP_PATH = "/quality/itp";
export const itpPath = (id: string) => `${ITP_PATH}/${id}`;

/** Spec 4 labels come from the locale files (quality:itp.status.*); the tone says how urgent it looks. */
export const ITP_STATUS_TONES = {
  draft: "neutral",
  internal_review: "warning",
  external_review: "info",
  active: "success",
  rejected_by_quality: "danger",
  rejected_by_client: "danger",
  archived: "neutral",
} as const satisfies Record<ItpStatus, string>;

/** Column sizes of the entities (and sensible caps on the text columns): refused before the database would. */
export const ITP_LIMITS = {
  title: 200,
  customer: 200,
  contractNumber: 100,
  areaSubSystem: 200,
  lotNumber: 100,
  description: 4000,
  discipline: 100,
  specification: 500,
  drawings: 500,
  preparedBy: 200,
  qualitySpecified: 200,
  certificateNumber: 100,
  activity: 500,
  acceptanceCriteria: 4000,
  verifyingDocument: 500,
  references: 500,
  method: 500,
  frequency: 200,
  inspectionKey: 100,
  otherSignatureRole: 100,
  /** Items in one plan: a long plan has a few hundred; more is a wrong file. */
  items: 500,
  reviewerName: 200,
  recipientName: 200,
  email: 320,
  comment: 4000,
  /** A drawn signature as a PNG data URL; a pad of normal size stays far below this. */
  signature: 400_000,
} as const;

export const inspectionPointMessage = message("quality:itp.errors.inspectionPoint", {
  kinds: INSPECTION_POINT_CODES.join(", "),
});

const required = (length: number) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(length, maxLengthMessage(length));

/** An optional text: blank becomes null. */
const optional = (length: number) =>
  z
    .string()
    .trim()
    .max(length, maxLengthMessage(length))
    .optional()
    .transform((value) => value || null);

const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

export const ITP_HEADER_FIELDS = [
  "title",
  "customer",
  "contractNumber",
  "areaSubSystem",
  "lotNumber",
  "description",
  "discipline",
  "specification",
  "drawings",
  "preparedBy",
  "qualitySpecified",
  "certificateNumber",
] as const;
export type ItpHeaderField = (typeof ITP_HEADER_FIELDS)[number];

export const itpHeaderSchema = z.object({
  title: required(ITP_LIMITS.title),
  customer: optional(ITP_LIMITS.customer),
  contractNumber: optional(ITP_LIMITS.contractNumber),
  areaSubSystem: optional(ITP_LIMITS.areaSubSystem),
  lotNumber: optional(ITP_LIMITS.lotNumber),
  description: optional(ITP_LIMITS.description),
  discipline: optional(ITP_LIMITS.discipline),
  specification: optional(ITP_LIMITS.specification),
  drawings: optional(ITP_LIMITS.drawings),
  preparedBy: optional(ITP_LIMITS.preparedBy),
  qualitySpecified: optional(ITP_LIMITS.qualitySpecified),
  certificateNumber: optional(ITP_LIMITS.certificateNumber),
});
export type ItpHeader = z.output<typeof itpHeaderSchema>;

export const ITP_ITEM_FIELDS = [
  "activity",
  "inspectionPoint",
  "acceptanceCriteria",
  "verifyingDocument",
  "references",
  "method",
  "frequency",
  "inspectionKey",
  "subcontractorSignature",
  "clientSignature",
  "otherSignatureRole",
] as const;
export type ItpItemField = (typeof ITP_ITEM_FIELDS)[number];

export const itpItemSchema = z.object({
  activity: required(ITP_LIMITS.activity),
  inspectionPoint: z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((value) => value.toUpperCase())
    .refine(isInspectionPointKind, inspectionPointMessage)
    .transform((value) => value as InspectionPointKind),
  acceptanceCriteria: optional(ITP_LIMITS.acceptanceCriteria),
  verifyingDocument: optional(ITP_LIMITS.verifyingDocument),
  references: optional(ITP_LIMITS.references),
  method: optional(ITP_LIMITS.method),
  frequency: optional(ITP_LIMITS.frequency),
  inspectionKey: optional(ITP_LIMITS.inspectionKey),
  subcontractorSignature: checkbox,
  clientSignature: checkbox,
  otherSignatureRole: optional(ITP_LIMITS.otherSignatureRole),
});
export type ItpItemValues = z.output<typeof itpItemSchema>;

const tooManyItems = message("quality:itp.errors.tooManyItems", { max: ITP_LIMITS.items });

/** The edit page: the header and every item; an item without id is new, a missing one is removed. */
export const itpEditSchema = itpHeaderSchema.extend({
  items: z
    .array(itpItemSchema.extend({ id: z.string().trim().optional() }))
    .max(ITP_LIMITS.items, tooManyItems)
    .default([]),
});
export type ItpEdit = z.output<typeof itpEditSchema>;

/** A drawn signature, or nothing: only a PNG data URL is kept. */
const signature = z
  .string()
  .max(ITP_LIMITS.signature, message("quality:itp.errors.signature"))
  .optional()
  .transform((value) => value || null)
  .refine((value) => value === null || value.startsWith("data:image/png;base64,"), {
    message: message("quality:itp.errors.signature"),
  });

const reviewFields = {
  reviewerName: required(ITP_LIMITS.reviewerName),
  comment: optional(ITP_LIMITS.comment),
  signature,
};

/** Quality's decision (/quality/itp/internal-review/:id). Sending to the client needs whom to send it to. */
export const internalReviewSchema = z.discriminatedUnion("decision", [
  z.object({
    decision: z.literal("send_external"),
    ...reviewFields,
    clientName: required(ITP_LIMITS.recipientName),
    clientEmail: z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(ITP_LIMITS.email, maxLengthMessage(ITP_LIMITS.email))
      .pipe(z.email({ error: message("common:validation.invalidEmail") }))
      .transform((value) => value.toLowerCase()),
  }),
  z.object({ decision: z.literal("activate"), ...reviewFields }),
  z.object({ decision: z.literal("reject"), ...reviewFields }),
]);
export type InternalReview = z.output<typeof internalReviewSchema>;

/** The client's decision, through a link or as a signed-in client member. */
export const externalReviewSchema = z.object({
  decision: z.enum(["approved", "rejected"], { error: requiredMessage }),
  ...reviewFields,
});
export type ExternalReview = z.output<typeof externalReviewSchema>;

/** "Use as template": the new ITP's title (its number is the project's next; certificate numbers stay behind). */
export const copyItpSchema = z.object({ title: required(ITP_LIMITS.title) });

/** A new review link for the client while the ITP waits for them (the first one was lost or revoked). */
export const reviewLinkSchema = internalReviewSchema.options[0].pick({ clientName: true, clientEmail: true });

export const ITP_SORTS = ["number", "title", "updatedAt"] as const;
export type ItpSort = (typeof ITP_SORTS)[number];

export function readItpListQuery(params: URLSearchParams) {
  const status = params.get("status");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: ITP_STATUSES.includes(status as ItpStatus) ? (status as ItpStatus) : null,
    // Newest plan first.
    ...readListSort(params, ITP_SORTS, { sort: "number", dir: "desc" }),
  };
}

/** Uploaded workbooks are read in memory: a plan of a few hundred rows is far below this. */
export const MAX_WORKBOOK_BYTES = 10 * 1024 * 1024;

export type ReviewLinkState = "valid" | "expired" | "revoked" | "used" | "superseded";

/** The status a review link's ITP must be in: Quality's review for an internal link, the client's for an external one. */
export const REVIEW_LINK_WAITS_FOR = { INTERNAL: "internal_review", EXTERNAL: "external_review" } as const;

/** The review a link can be sent for in each status: Quality's (to a reviewer outside the project) or the client's. */
export function reviewLinkScopeFor(status: ItpStatus): keyof typeof REVIEW_LINK_WAITS_FOR | null {
  if (status === "internal_review") return "INTERNAL";
  if (status === "external_review") return "EXTERNAL";
  return null;
}

/** Why a link no longer works; the first that applies wins (a used link stays "used" once the ITP moves on). */
export function reviewLinkState(
  link: {
    revokedAt?: Date | null;
    usedAt?: Date | null;
    expiresAt: Date;
    revision: number;
    scope?: keyof typeof REVIEW_LINK_WAITS_FOR;
  },
  itp: { status: ItpStatus; revision: number },
  now = new Date(),
): ReviewLinkState {
  const open = openLinkState(link, now);
  if (open !== "valid") return open;
  if (itp.status !== REVIEW_LINK_WAITS_FOR[link.scope ?? "EXTERNAL"] || itp.revision !== link.revision)
    return "superseded";
  return "valid";
}

/** A drawn signature (PNG data URL) or nothing: the ITP reviews and the client's releases share it. */
export { signature as signatureSchema };
