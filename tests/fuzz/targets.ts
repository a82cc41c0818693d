/**
 * What the fuzz suite needs to know of a route with an action, declared by the module that owns it (its
 * `tests/fuzz-targets.ts`, keyed by route path): the records it works on, and the forms its action reads,
 * each by the zod schema the action parses it with. The suite (tests/fuzz/fuzz-routes.ts) does the rest.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod";
import type { IProject, IUser } from "~/server/db/entities";

export type FuzzSubject = { user: IUser; cookie: string };

/** What every route's fuzz starts from: a project, a member with every right and one with none. */
export type FuzzWorld = {
  /** For arranging records; each call a fresh fork. */
  readonly em: EntityManager;
  project: IProject;
  /** Full access in the project, and as global role. */
  withRights: FuzzSubject;
  /** A member of the project whose role grants nothing, with no global role. */
  withoutRights: FuzzSubject;
};

export type FuzzForm = {
  /** A short name for the summary and for failures ("equipment-add", "blank"). */
  name: string;
  /** The zod schema the action parses this form with (z.object({}) when it reads no field). */
  schema: z.ZodType;
  /** Fields every post of this form carries as they are: its intent, a hidden field naming the form. */
  fixed?: Record<string, string>;
  /** Names of file fields: the form is posted as multipart with a small PDF in each. */
  files?: string[];
};

export type FuzzArrangement = {
  /** The route's path parameters, naming records that exist. */
  params?: Record<string, string>;
  /** A query string the page carries (a review link's token), with its "?". */
  search?: string;
  /** Ids of records the world holds, offered to the forms' uuid fields. */
  ids?: string[];
  /** Forms known only once arranged (settings forms of the project, a role editor's modules). */
  forms?: FuzzForm[];
};

export type FuzzTarget = {
  forms: FuzzForm[];
  /** Where the action sends its visitor when it is done, though the guard sends refusals there too (sign-out). */
  doneAt?: RegExp;
  arrange?: (world: FuzzWorld) => Promise<FuzzArrangement>;
};

/** A module's fuzz targets, by route path exactly as its manifest declares it. */
export type FuzzTargets = Record<string, FuzzTarget>;

export function fuzzTargets<const T extends FuzzTargets>(targets: T): T {
  return targets;
}
