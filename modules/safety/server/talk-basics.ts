import type { TalkKind } from "../domain/talk-fields";

/**
 * The talk pages' paths, limits, tabs and intents: what the register and the forms need in the browser,
 * without the zod schemas of talk-rules.ts.
 */

export const MEETINGS_PATH = "/safety/meetings";
export const TALK_CREATE_PATH = "/safety/ptt/create";
export const talkPath = (id: string) => `${MEETINGS_PATH}/ptt/${id}`;
export const talkEditPath = (id: string) => `/safety/ptt/edit/${id}`;
export const talkPhotoPath = (id: string, fileId: string) => `${talkPath(id)}/photos/${fileId}`;

/** The activity log's and the group photos' entity type. */
export const TALK_ENTITY_TYPE = "safety-talk";

/** Column sizes of the talk tables, so the forms refuse what the database could not store. */
export const TALK_LIMITS = {
  title: 200,
  workPackage: 200,
  subActivity: 200,
  talkingPoints: 8000,
  comment: 4000,
  name: 200,
  company: 200,
  remark: 500,
  signature: 500_000,
  attendees: 200,
} as const;

/** Blank attendance rows the form offers below the filled ones (no JavaScript needed to add people). */
export const BLANK_ATTENDEE_ROWS = 3;

export const TALK_INTENTS = {
  signOnOpen: "sign-on-open",
  signOnRevoke: "sign-on-revoke",
  photoDelete: "photo-delete",
  delete: "delete",
} as const;

export const TALK_SORTS = ["number", "heldOn"] as const;

export const TALK_KIND_TONES: Record<TalkKind, "info" | "neutral"> = {
  pre_start: "info",
  toolbox: "neutral",
};
