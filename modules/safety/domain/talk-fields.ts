/**
 * Pre-start and toolbox talks (spec 2 "meetings: pre-start talks and toolbox talks", spec 3 "Meeting/PTT"):
 * the kinds, the attendance statuses, the permissions of each kind in both regions, and who a person signing
 * on is. Pure: no Remix, no database. Decision 035.
 */

/** A pre-start talk opens a shift (every crew, every day); a toolbox talk is on one topic, when needed. */
export const TALK_KINDS = ["pre_start", "toolbox"] as const;
export type TalkKind = (typeof TALK_KINDS)[number];

/** Each kind's number prefix, counted per project ("PST-0001", "TBT-0001"). */
export const TALK_NUMBER_PREFIX: Record<TalkKind, string> = { pre_start: "PST", toolbox: "TBT" };

/** An attendance row's status (spec 3 "attendance (name, status, remark, company)"). */
export const ATTENDANCE_STATUSES = ["present", "late", "left_early", "absent"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const TALK_VERBS = ["view", "create", "edit", "delete"] as const;
export type TalkVerb = (typeof TALK_VERBS)[number];

/**
 * Spec 6's talk permissions. The pre-start kind has two names: `pre-start-talk-*` in an AU project, `ptt-*`
 * (pre-task talk) elsewhere; the permission layer drops the other region's keys (server/permissions/grants,
 * `appliesToRegion`), so a list naming both grants exactly the project's own. Toolbox talks are one name in
 * both regions. Spec 6 names ptt-view, ptt-delete, pre-start-talk-view, -create, toolbox-talk-view, -create;
 * the rest complete each kind's view / create / edit / delete in both regions.
 */
export const TALK_PERMISSIONS = {
  pre_start: {
    view: ["safety.meeting.pre-start-talk-view", "safety.meeting.ptt-view"],
    create: ["safety.meeting.pre-start-talk-create", "safety.meeting.ptt-create"],
    edit: ["safety.meeting.pre-start-talk-edit", "safety.meeting.ptt-edit"],
    delete: ["safety.meeting.pre-start-talk-delete", "safety.meeting.ptt-delete"],
  },
  toolbox: {
    view: ["safety.meeting.toolbox-talk-view"],
    create: ["safety.meeting.toolbox-talk-create"],
    edit: ["safety.meeting.toolbox-talk-edit"],
    delete: ["safety.meeting.toolbox-talk-delete"],
  },
} as const;
// Checked against the declared keys where the guard uses them (server/talks.server.ts `talkPermissions`): a
// \`satisfies PermissionKey\` here would make the manifest's type depend on itself.

/**
 * Each verb on any kind (the meetings page needs any one of the view permissions), the keys that apply in
 * every region first. Spelled out, not computed
 * with a return type, so the manifest's type does not depend on PermissionKey (which is read from it).
 */
export const ANY_TALK_PERMISSION = {
  view: [...TALK_PERMISSIONS.toolbox.view, ...TALK_PERMISSIONS.pre_start.view],
  create: [...TALK_PERMISSIONS.toolbox.create, ...TALK_PERMISSIONS.pre_start.create],
  edit: [...TALK_PERMISSIONS.toolbox.edit, ...TALK_PERMISSIONS.pre_start.edit],
  delete: [...TALK_PERMISSIONS.toolbox.delete, ...TALK_PERMISSIONS.pre_start.delete],
} as const;

/** The kinds a user may do this to, given the guard's `can` (which already knows the project's region). */
export function talkKindsAllowed(can: (ref: readonly string[]) => boolean, verb: TalkVerb): TalkKind[] {
  return TALK_KINDS.filter((kind) => can(TALK_PERMISSIONS[kind][verb]));
}

/**
 * Who a person signing on is: their name and company, compared without case, surrounding or repeated spaces
 * or Unicode form differences ("  JOHN  smith " of "ACME" is "John Smith" of "Acme"). Accents are kept:
 * in Vietnamese "Lê" and "Le" are different names. One signature per person per talk (decision 035).
 */
export function personKey(name: string, company: string | null | undefined): string {
  const fold = (value: string) => value.normalize("NFKC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
  return `${fold(name)}|${fold(company ?? "")}`;
}
