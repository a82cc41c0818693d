import { z } from "zod";
import { isoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { ITP_LIMITS, signatureSchema } from "./itp-rules";

/**
 * The client's links of a lot (decision 022): the notification of hold and witness points, the client's
 * decision on a point, the lot's review through a link. Schemas only (no Remix, no MikroORM): the forms
 * and the server share them.
 */

export const NOTIFY_PATH = "/quality/hp-wp/notify";
export const CLIENT_LINK_LIMITS = { content: 5000, cc: 10, points: 100 } as const;

/** A point in the notify form's address: `<lotId>:<itemId>` (the `/quality/hp-wp` register links its selection so). */
export const pointRefSchema = z
  .string()
  .regex(/^[0-9a-f-]{36}:[0-9a-f-]{36}$/i, message("quality:hpWpClient.notify.errors.points"));

export const notifyHref = (points: readonly { lotId: string; itemId: string }[]) =>
  `${NOTIFY_PATH}?${points.map((point) => `point=${point.lotId}:${point.itemId}`).join("&")}`;

const required = (length: number) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(length, maxLengthMessage(length));

const email = z
  .string({ error: requiredMessage })
  .trim()
  .min(1, requiredMessage)
  .max(ITP_LIMITS.email, maxLengthMessage(ITP_LIMITS.email))
  .pipe(z.email({ error: message("common:validation.invalidEmail") }))
  .transform((value) => value.toLowerCase());

/** CC: addresses separated by commas, semicolons or new lines; blank means none. */
const ccList = z
  .string()
  .max(2000, maxLengthMessage(2000))
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(/[,;\s]+/)
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((list) => list.length <= CLIENT_LINK_LIMITS.cc, {
    message: message("quality:hpWpClient.notify.errors.ccCount", { count: CLIENT_LINK_LIMITS.cc }),
  })
  .refine((list) => list.every((entry) => z.email().safeParse(entry).success), {
    message: message("common:validation.invalidEmail"),
  });

/** The notify form: to whom, when the client is asked to come, the mail; `step` is the confirm page's. */
export const notifyClientSchema = z.object({
  point: z
    .array(pointRefSchema, { error: message("quality:hpWpClient.notify.errors.points") })
    .min(1, message("quality:hpWpClient.notify.errors.points"))
    .max(CLIENT_LINK_LIMITS.points, message("quality:hpWpClient.notify.errors.points")),
  clientName: required(ITP_LIMITS.recipientName),
  clientEmail: email,
  cc: ccList,
  dueOn: isoDaySchema(),
  content: required(CLIENT_LINK_LIMITS.content),
  /** "review" shows the confirm page, "send" sends (the confirm page's button), "edit" goes back to the form. */
  step: z.enum(["review", "send", "edit"]).default("review"),
});
export type NotifyClientValues = z.output<typeof notifyClientSchema>;

export const POINT_DECISIONS = ["release", "release_with_comment", "reject"] as const;
export type PointDecision = (typeof POINT_DECISIONS)[number];

/** The client's decision on one point through the link: the remark is required to comment or reject (the table says so). */
export const pointDecisionSchema = z.object({
  itemId: z.uuid({ error: message("quality:lot.errors.choiceNotFound") }),
  decision: z.enum(POINT_DECISIONS, { error: requiredMessage }),
  remark: z
    .string()
    .trim()
    .max(ITP_LIMITS.comment, maxLengthMessage(ITP_LIMITS.comment))
    .optional()
    .transform((value) => value || null),
  decidedByName: required(ITP_LIMITS.reviewerName),
  signature: signatureSchema,
});
export type PointDecisionValues = z.output<typeof pointDecisionSchema>;

/** The client's lot review through a link. */
export const lotReviewDecisionSchema = z.object({
  decision: z.enum(["approve", "reject"], { error: requiredMessage }),
  comment: z
    .string()
    .trim()
    .max(ITP_LIMITS.comment, maxLengthMessage(ITP_LIMITS.comment))
    .optional()
    .transform((value) => value || null),
  reviewerName: required(ITP_LIMITS.reviewerName),
});

/** QA sends the lot's review link to the client. */
export const lotReviewLinkSchema = z.object({
  intent: z.literal("send-review-link"),
  clientName: required(ITP_LIMITS.recipientName),
  clientEmail: email,
});

export const revokeLinkSchema = z.object({ intent: z.literal("revoke-link"), linkId: z.uuid() });
