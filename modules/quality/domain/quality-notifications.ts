/**
 * Who hears what in the quality workflows (issue #12): each event, the settings form and field that turn it
 * off or down to in-app only, and its audience — the people whose job the next step is (the members holding
 * that step's permission) or the people named on the record. Pure data: the server resolves audiences with
 * the core's audience rules, the settings pages and the README read the same table (decision 025).
 */
import { z } from "zod";
import { DEFECT_PERMISSIONS, type DefectAction } from "./defect-workflow";
import type { PointAction } from "./inspection-point-workflow";
import { POINT_PERMISSIONS } from "./inspection-point-workflow";
import { ITP_PERMISSIONS } from "./itp-workflow";
import { LOT_PERMISSIONS, type LotAction } from "./lot-workflow";
import { NCR_PERMISSIONS } from "./ncr-workflow";

/** How a project hears of an event: not at all, in the product only, or in the product and by e-mail. */
export const NOTIFICATION_CHANNELS = ["off", "in-app", "in-app-and-email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
const channel = () => z.enum(NOTIFICATION_CHANNELS).default("in-app-and-email");

/** A person named on the record the event is about. */
export type QualityParty = "submitter" | "raiser" | "assignee";

/**
 * One audience of an event: the holders of a permission (the next step's people), or a named party. The keys
 * come from the workflow tables' permission constants, which are checked against the registry; typed as
 * strings here because the manifest (which the registry's key type is built from) reads this file.
 */
export type QualityAudience = { holdersOf: string } | { party: QualityParty };

const holders = (key: string): QualityAudience => ({ holdersOf: key });
const party = (name: QualityParty): QualityAudience => ({ party: name });

/** The site team: who records the work and fixes what comes back. */
const SITE_TEAM = holders(LOT_PERMISSIONS.updateStatus);

/**
 * The events of /quality/lot/notification (lots, hold points, NCRs, the punch list) and of
 * /quality/itp/notification (spec 4's ITP events), in the order the pages list them.
 */
export const QUALITY_EVENTS = {
  "lot-submitted": { form: "lotNotifications", to: [holders(LOT_PERMISSIONS.internalReview)] },
  "lot-sent-to-qa": { form: "lotNotifications", to: [holders(LOT_PERMISSIONS.qaReview)] },
  "lot-approved": {
    form: "lotNotifications",
    to: [holders(LOT_PERMISSIONS.qaReview), holders(LOT_PERMISSIONS.close)],
  },
  "lot-rejected": { form: "lotNotifications", to: [SITE_TEAM] },
  "lot-sent-to-client": { form: "lotNotifications", to: [holders(LOT_PERMISSIONS.externalReview)] },
  "lot-closed": { form: "lotNotifications", to: [SITE_TEAM] },
  "lot-reopened": { form: "lotNotifications", to: [SITE_TEAM] },
  "hold-point-notified": { form: "lotNotifications", to: [holders(POINT_PERMISSIONS.decide)] },
  "hold-point-released": { form: "lotNotifications", to: [SITE_TEAM] },
  "hold-point-rejected": { form: "lotNotifications", to: [SITE_TEAM] },
  "ncr-raised": { form: "lotNotifications", to: [holders(NCR_PERMISSIONS.review), SITE_TEAM] },
  "ncr-closed": { form: "lotNotifications", to: [party("raiser"), SITE_TEAM] },
  "defect-assigned": { form: "lotNotifications", to: [party("assignee")] },
  "defect-completed": { form: "lotNotifications", to: [holders(DEFECT_PERMISSIONS.review)] },
  "defect-not-approved": { form: "lotNotifications", to: [party("assignee")] },
  "defect-disputed": { form: "lotNotifications", to: [party("raiser"), holders(DEFECT_PERMISSIONS.review)] },
  "itp-submitted": { form: "itpNotifications", to: [holders(ITP_PERMISSIONS.internalReview)] },
  "itp-internal-approved-send-external": {
    form: "itpNotifications",
    to: [party("submitter"), holders(ITP_PERMISSIONS.externalReview)],
  },
  "itp-internal-approved-send-internal": { form: "itpNotifications", to: [party("submitter")] },
  "itp-internal-rejected": { form: "itpNotifications", to: [party("submitter")] },
  "itp-external-approved": {
    form: "itpNotifications",
    to: [party("submitter"), holders(ITP_PERMISSIONS.internalReview)],
  },
  "itp-external-rejected": {
    form: "itpNotifications",
    to: [party("submitter"), holders(ITP_PERMISSIONS.internalReview)],
  },
} as const satisfies Record<
  string,
  { form: "lotNotifications" | "itpNotifications"; to: readonly QualityAudience[] }
>;

export type QualityEvent = keyof typeof QUALITY_EVENTS;
export type QualityNotificationForm = "lotNotifications" | "itpNotifications";

export const QUALITY_EVENT_NAMES = Object.keys(QUALITY_EVENTS) as QualityEvent[];

export const eventsOfForm = (form: QualityNotificationForm) =>
  QUALITY_EVENT_NAMES.filter((event) => QUALITY_EVENTS[event].form === form);

/** A settings field's name for an event: "lot-sent-to-qa" → "lotSentToQa". */
export const settingOf = (event: QualityEvent) =>
  event.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

// Typed by hand: the manifest reads these schemas, and the registry's permission keys are built from it.
type ChannelSchema = ReturnType<typeof channel>;
const formSchema = (form: QualityNotificationForm): z.ZodObject<Record<string, ChannelSchema>> =>
  z.object(Object.fromEntries(eventsOfForm(form).map((event) => [settingOf(event), channel()])));

/** The two notification settings forms of the manifest: one channel per event, in force per project. */
export const lotNotificationSettings = formSchema("lotNotifications");
export const itpNotificationSettings = formSchema("itpNotifications");

/** The channel an event has in a project's stored settings (values as readProjectSettings returns them). */
export function channelOf(event: QualityEvent, settings: Record<string, unknown>): NotificationChannel {
  const value = settings[settingOf(event)];
  return (NOTIFICATION_CHANNELS as readonly unknown[]).includes(value)
    ? (value as NotificationChannel)
    : "in-app-and-email";
}

/** The lot steps that tell someone: each leaves the lot with the people of its next step. */
export const LOT_ACTION_EVENTS: Partial<Record<LotAction, QualityEvent>> = {
  submit_to_engineer: "lot-submitted",
  engineer_approve: "lot-sent-to-qa",
  engineer_reject: "lot-rejected",
  qa_return: "lot-rejected",
  qa_approve: "lot-approved",
  send_external_review: "lot-sent-to-client",
  external_approve: "lot-approved",
  external_reject: "lot-rejected",
  close: "lot-closed",
  reopen: "lot-reopened",
};

/** Hold and witness point steps that tell someone (not required and unattended are the team's own record). */
export const POINT_ACTION_EVENTS: Partial<Record<PointAction, QualityEvent>> = {
  notify: "hold-point-notified",
  release: "hold-point-released",
  release_with_comment: "hold-point-released",
  reject: "hold-point-rejected",
};

/** Punch list steps that hand the defect to someone else. */
export const DEFECT_ACTION_EVENTS: Partial<Record<DefectAction, QualityEvent>> = {
  raise: "defect-assigned",
  reissue: "defect-assigned",
  reopen: "defect-assigned",
  complete: "defect-completed",
  reject: "defect-not-approved",
  dispute: "defect-disputed",
};
