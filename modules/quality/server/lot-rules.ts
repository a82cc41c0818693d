import { z } from "zod";
import { isoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { LOT_ACTIONS, type LotAction, type LotState, lotRecordsLock } from "../domain/lot-workflow";

/**
 * Lot form rules shared by the server and the browser's validation: no Remix, no MikroORM here.
 * Messages are translation keys with their parameters in query form (server/admin/company-rules#message).
 */

export { LOT_PATH, LOT_STATUS_TONES, lotPath } from "./lot-basics";

/** Column sizes of the Lot entity (entities.ts), so the form refuses what the database could not store. */
export const LOT_LIMITS = {
  title: 200,
  lotType: 100,
  area: 200,
  activity: 200,
  discipline: 100,
  subDiscipline: 100,
  workPack: 100,
  zone: 100,
  wbs: 100,
  managedBy: 200,
  engineerResponsible: 200,
  supervisorResponsible: 200,
  assetOwner: 200,
  designPackage: 200,
  system: 200,
  controlLine: 100,
  lotVerifiedBy: 200,
  /** Free text columns have no size; a bound keeps a pasted document out of a note. */
  note: 5000,
  equipmentName: 200,
  auditorName: 200,
} as const;

/** Chainages are metres along a control line; a bound keeps typos (an extra zero run) out. */
export const CHAINAGE_LIMIT = 1_000_000_000;

const optionalText = (max: number) => z.string().trim().max(max, maxLengthMessage(max)).optional();

const invalidDate = message("quality:lot.errors.invalidDate");
/** A day the calendar has and the database can store (0000-00-00 and 2026-02-30 are refused). */
const optionalDate = isoDaySchema(invalidDate).optional();

const invalidNumber = message("common:validation.invalidNumber");
const optionalChainage = z
  .string()
  .trim()
  .refine((value) => /^-?\d+(\.\d+)?$/.test(value) && Math.abs(Number(value)) < CHAINAGE_LIMIT, invalidNumber)
  .transform(Number)
  .optional();

const optionalId = z.uuid({ error: message("quality:lot.errors.choiceNotFound") }).optional();

export const lotFormSchema = z
  .object({
    title: z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(LOT_LIMITS.title, maxLengthMessage(LOT_LIMITS.title)),
    lotType: optionalText(LOT_LIMITS.lotType),
    locationId: optionalId,
    area: optionalText(LOT_LIMITS.area),
    activity: optionalText(LOT_LIMITS.activity),
    discipline: optionalText(LOT_LIMITS.discipline),
    subDiscipline: optionalText(LOT_LIMITS.subDiscipline),
    workPack: optionalText(LOT_LIMITS.workPack),
    zone: optionalText(LOT_LIMITS.zone),
    wbs: optionalText(LOT_LIMITS.wbs),
    managedBy: optionalText(LOT_LIMITS.managedBy),
    engineerResponsible: optionalText(LOT_LIMITS.engineerResponsible),
    supervisorResponsible: optionalText(LOT_LIMITS.supervisorResponsible),
    subcontractorId: optionalId,
    assetOwner: optionalText(LOT_LIMITS.assetOwner),
    designPackage: optionalText(LOT_LIMITS.designPackage),
    system: optionalText(LOT_LIMITS.system),
    controlLine: optionalText(LOT_LIMITS.controlLine),
    chainageStart: optionalChainage,
    chainageEnd: optionalChainage,
    lotOpenedOn: optionalDate,
    scheduledStart: optionalDate,
    workCommencedOn: optionalDate,
    completedOn: optionalDate,
    lotCloseTarget: optionalDate,
    qaCompletedOn: optionalDate,
    lotClosedOn: optionalDate,
    lotVerifiedBy: optionalText(LOT_LIMITS.lotVerifiedBy),
    comment: optionalText(LOT_LIMITS.note),
    remark: optionalText(LOT_LIMITS.note),
  })
  .superRefine((lot, ctx) => {
    if (
      lot.chainageStart !== undefined &&
      lot.chainageEnd !== undefined &&
      lot.chainageStart > lot.chainageEnd
    )
      ctx.addIssue({
        code: "custom",
        path: ["chainageEnd"],
        message: message("quality:lot.errors.chainageOrder"),
      });
    // ISO days compare correctly as text.
    if (lot.lotOpenedOn && lot.lotCloseTarget && lot.lotCloseTarget < lot.lotOpenedOn)
      ctx.addIssue({
        code: "custom",
        path: ["lotCloseTarget"],
        message: message("quality:lot.errors.closeTargetBeforeOpened"),
      });
    if (lot.workCommencedOn && lot.completedOn && lot.completedOn < lot.workCommencedOn)
      ctx.addIssue({
        code: "custom",
        path: ["completedOn"],
        message: message("quality:lot.errors.completedBeforeCommenced"),
      });
  });
export type LotForm = z.infer<typeof lotFormSchema>;

/** The order and grouping of the lot's fields, shared by the form and the detail tab. */
export const LOT_FIELD_SECTIONS = {
  general: [
    "title",
    "lotType",
    "locationId",
    "area",
    "activity",
    "discipline",
    "subDiscipline",
    "workPack",
    "zone",
    "wbs",
  ],
  responsibility: [
    "managedBy",
    "engineerResponsible",
    "supervisorResponsible",
    "subcontractorId",
    "assetOwner",
    "designPackage",
    "system",
  ],
  settingOut: ["controlLine", "chainageStart", "chainageEnd"],
  dates: [
    "lotOpenedOn",
    "scheduledStart",
    "workCommencedOn",
    "completedOn",
    "lotCloseTarget",
    "qaCompletedOn",
    "lotClosedOn",
    "lotVerifiedBy",
  ],
  notes: ["comment", "remark"],
} as const satisfies Record<string, readonly (keyof LotForm)[]>;
export type LotFieldSection = keyof typeof LOT_FIELD_SECTIONS;

export const LOT_DATE_FIELDS = [
  "lotOpenedOn",
  "scheduledStart",
  "workCommencedOn",
  "completedOn",
  "lotCloseTarget",
  "qaCompletedOn",
  "lotClosedOn",
] as const satisfies readonly (keyof LotForm)[];

export const LOT_TEXTAREA_FIELDS = ["comment", "remark"] as const satisfies readonly (keyof LotForm)[];

/** The form's values as stored: empty fields become null. Relations are ids, checked against the project by the server. */
export function lotValues(form: LotForm) {
  const orNull = <T>(value: T | undefined) => (value === undefined || value === "" ? null : value);
  return {
    title: form.title,
    lotType: orNull(form.lotType),
    locationId: orNull(form.locationId),
    area: orNull(form.area),
    activity: orNull(form.activity),
    discipline: orNull(form.discipline),
    subDiscipline: orNull(form.subDiscipline),
    workPack: orNull(form.workPack),
    zone: orNull(form.zone),
    wbs: orNull(form.wbs),
    managedBy: orNull(form.managedBy),
    engineerResponsible: orNull(form.engineerResponsible),
    supervisorResponsible: orNull(form.supervisorResponsible),
    subcontractorId: orNull(form.subcontractorId),
    assetOwner: orNull(form.assetOwner),
    designPackage: orNull(form.designPackage),
    system: orNull(form.system),
    controlLine: orNull(form.controlLine),
    chainageStart: orNull(form.chainageStart),
    chainageEnd: orNull(form.chainageEnd),
    lotOpenedOn: orNull(form.lotOpenedOn),
    scheduledStart: orNull(form.scheduledStart),
    workCommencedOn: orNull(form.workCommencedOn),
    completedOn: orNull(form.completedOn),
    lotCloseTarget: orNull(form.lotCloseTarget),
    qaCompletedOn: orNull(form.qaCompletedOn),
    lotClosedOn: orNull(form.lotClosedOn),
    lotVerifiedBy: orNull(form.lotVerifiedBy),
    comment: orNull(form.comment),
    remark: orNull(form.remark),
  };
}
export type LotValues = ReturnType<typeof lotValues>;
export const LOT_VALUE_KEYS = Object.keys(lotValues({ title: "" })) as (keyof LotValues)[];

type LotStateOf = Pick<LotState, "status"> & { subStatus?: LotState["subStatus"] | undefined };
const lockOf = (state: LotStateOf) =>
  lotRecordsLock({ status: state.status, subStatus: state.subStatus ?? null });

/**
 * The one rule of what may change on a lot (domain/lot-workflow.ts lotRecordsLock): its fields, equipment,
 * related lots, ITPs, checks, signatures and ITRs change only while it is with the site team. Closed and
 * cancelled lots are records of finished (or abandoned) work, changed only after a re-open; a lot in
 * engineer, QA or client review waits until it is returned (both logged with a reason).
 */
export const isLotEditable = (state: LotStateOf) => lockOf(state) === null;

/** Why a lot's records cannot change now (the server's refusal and the pages' notice), or null. */
export function lotLockedMessage(state: LotStateOf): string | null {
  const lock = lockOf(state);
  if (lock === "final") return "quality:lot.toast.notEditable";
  if (lock === "review") return "quality:lot.toast.inReview";
  return null;
}

// ---------------------------------------------------------------------------------------------------
// The detail tab's smaller forms, one intent each.

export const LOT_INTENTS = {
  transition: "transition",
  equipmentAdd: "equipment-add",
  equipmentRemove: "equipment-remove",
  relationAdd: "relation-add",
  relationRemove: "relation-remove",
  dtiSave: "dti-save",
} as const;

export const transitionSchema = z.object({
  intent: z.literal(LOT_INTENTS.transition),
  action: z.enum(LOT_ACTIONS, { error: message("quality:lot.errors.actionNotAllowed") }),
  comment: optionalText(LOT_LIMITS.note),
  /** Without JavaScript the confirm dialog is a checkbox the server insists on. */
  confirmed: z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false),
});
export type TransitionForm = z.infer<typeof transitionSchema>;

export const equipmentAddSchema = z.object({
  intent: z.literal(LOT_INTENTS.equipmentAdd),
  name: z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(LOT_LIMITS.equipmentName, maxLengthMessage(LOT_LIMITS.equipmentName)),
  description: optionalText(LOT_LIMITS.note),
});

const recordId = z.uuid({ error: message("quality:lot.errors.choiceNotFound") });

export const equipmentRemoveSchema = z.object({
  intent: z.literal(LOT_INTENTS.equipmentRemove),
  id: recordId,
});

export const relationAddSchema = z.object({
  intent: z.literal(LOT_INTENTS.relationAdd),
  relatedNumber: z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(20, maxLengthMessage(20)),
});

export const relationRemoveSchema = z.object({ intent: z.literal(LOT_INTENTS.relationRemove), id: recordId });

/** A drawn signature as the pad posts it; bounded so a form cannot store megabytes in a text column. */
const SIGNATURE_MAX = 500_000;
export const dtiAuditSchema = z.object({
  intent: z.literal(LOT_INTENTS.dtiSave),
  auditorName: z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(LOT_LIMITS.auditorName, maxLengthMessage(LOT_LIMITS.auditorName)),
  auditedOn: z.string({ error: requiredMessage }).pipe(isoDaySchema(invalidDate)),
  processCompleted: z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false),
  reason: optionalText(LOT_LIMITS.note),
  comments: optionalText(LOT_LIMITS.note),
  signature: z
    .string()
    .max(SIGNATURE_MAX, message("quality:lot.errors.signatureTooLarge"))
    .refine(
      (value) => value.startsWith("data:image/png;base64,"),
      message("quality:lot.errors.signatureInvalid"),
    )
    .optional(),
});

export type LotIntent = (typeof LOT_INTENTS)[keyof typeof LOT_INTENTS];

export const isLotAction = (value: unknown): value is LotAction => LOT_ACTIONS.includes(value as LotAction);
