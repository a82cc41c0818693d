import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { isIsoDay, isoDaySchema } from "~/app/utils/iso-day";
import { message, requiredMessage } from "~/app/utils/message-key";
import { optionalText, requiredText } from "~/server/http/form-fields";
import { ATTENDANCE_STATUSES, TALK_KINDS, type TalkKind } from "../domain/talk-fields";
import { TALK_INTENTS, TALK_LIMITS, TALK_SORTS } from "./talk-basics";

export * from "./talk-basics";

/**
 * Talk form, sign-on and register rules (server only: the pages' browser code keeps no zod). Messages are
 * translation keys (safety:talk.*).
 */

const choiceNotFound = message("safety:talk.errors.choiceNotFound");

/** Tomorrow in UTC: a day "in the future" for every time zone a site is in is past it. */
const latestDay = () => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** A drawn signature (the pad's PNG data URL) or nothing; the typed name is its own field. */
export const signatureImage = z
  .string()
  .max(TALK_LIMITS.signature, message("safety:talk.errors.signatureInvalid"))
  .optional()
  .transform((value) => value || null)
  .refine((value) => value === null || value.startsWith("data:image/png;base64,"), {
    message: message("safety:talk.errors.signatureInvalid"),
  });

/** One attendance row; a row left blank is dropped, a row with anything in it needs a name. */
const attendeeRow = z
  .object({
    name: optionalText(TALK_LIMITS.name),
    company: optionalText(TALK_LIMITS.company),
    status: z.enum(ATTENDANCE_STATUSES, { error: choiceNotFound }).optional(),
    remark: optionalText(TALK_LIMITS.remark),
    /** The row's id when it was saved before (its sign-on stays with it). */
    id: z.uuid({ error: choiceNotFound }).optional(),
  })
  .superRefine((row, context) => {
    if (!row.name && (row.company || row.remark || row.id))
      context.addIssue({ code: "custom", path: ["name"], message: requiredMessage });
  });

/** The talk form: creating and editing share it (the kind is chosen once, at creation). */
const talkFields = {
  title: requiredText(TALK_LIMITS.title),
  heldOn: isoDaySchema(message("safety:talk.errors.invalidDate")).refine((day) => day <= latestDay(), {
    error: message("safety:talk.errors.future"),
  }),
  supervisorId: z.uuid({ error: choiceNotFound }).optional(),
  locationId: z.uuid({ error: choiceNotFound }).optional(),
  permitId: z.uuid({ error: choiceNotFound }).optional(),
  workPackage: optionalText(TALK_LIMITS.workPackage),
  subActivity: optionalText(TALK_LIMITS.subActivity),
  talkingPoints: optionalText(TALK_LIMITS.talkingPoints),
  comment: optionalText(TALK_LIMITS.comment),
  signature: signatureImage,
  signatureTypedName: optionalText(TALK_LIMITS.name),
  attendees: z
    .array(attendeeRow)
    .max(
      TALK_LIMITS.attendees,
      message("safety:talk.errors.tooManyAttendees", { max: TALK_LIMITS.attendees }),
    )
    .optional()
    .transform((rows) => (rows ?? []).filter((row) => row.name)),
};

export const talkCreateSchema = z.object({
  kind: z.enum(TALK_KINDS, { error: requiredMessage }),
  ...talkFields,
});
export type TalkCreateValues = z.output<typeof talkCreateSchema>;

export const talkEditSchema = z.object(talkFields);
export type TalkEditValues = z.output<typeof talkEditSchema>;

export const signOnOpenSchema = z.object({ intent: z.literal(TALK_INTENTS.signOnOpen) });
export const signOnRevokeSchema = z.object({
  intent: z.literal(TALK_INTENTS.signOnRevoke),
  linkId: z.uuid({ error: choiceNotFound }),
});
export const talkPhotoDeleteSchema = z.object({
  intent: z.literal(TALK_INTENTS.photoDelete),
  fileId: z.uuid({ error: choiceNotFound }),
});
export const talkDeleteSchema = z.object({
  intent: z.literal(TALK_INTENTS.delete),
  confirmed: z.literal("on", { error: message("safety:talk.errors.confirmDelete") }),
});

/**
 * What an attendee gives through the QR link: name and company (who they are: domain `personKey`), and a
 * signature — drawn, or their name typed (the page works without JavaScript).
 */
export const signOnSchema = z
  .object({
    name: requiredText(TALK_LIMITS.name),
    company: requiredText(TALK_LIMITS.company),
    signature: signatureImage,
    signatureTypedName: optionalText(TALK_LIMITS.name),
  })
  .superRefine((value, context) => {
    if (!value.signature && !value.signatureTypedName)
      context.addIssue({
        code: "custom",
        path: ["signatureTypedName"],
        message: message("safety:talk.errors.signatureRequired"),
      });
  });
export type SignOnValues = z.output<typeof signOnSchema>;

// ---------------------------------------------------------------------------------------------------
// The register's query: everything in the URL.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOrNull = (value: string | null) => (value && UUID.test(value) ? value.toLowerCase() : null);
const dayOrNull = (value: string | null) => (value && isIsoDay(value) ? value : null);

/** The tab is the kind; one the user may not view falls back to the first they may. */
export function readTalkQuery(params: URLSearchParams, kinds: readonly TalkKind[]) {
  const asked = params.get("tab") as TalkKind | null;
  return {
    tab: (asked && kinds.includes(asked) ? asked : kinds[0]) ?? "toolbox",
    q: (params.get("q") ?? "").trim().slice(0, 100),
    location: idOrNull(params.get("location")),
    supervisor: idOrNull(params.get("supervisor")),
    from: dayOrNull(params.get("from")),
    to: dayOrNull(params.get("to")),
    // Newest talk first.
    ...readListSort(params, TALK_SORTS, { sort: "number", dir: "desc" }),
  };
}
export type TalkQuery = ReturnType<typeof readTalkQuery>;
