import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { Location } from "../../server/db/entities/location";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { numberedProperties } from "../../server/db/numbered";
import { projectOwned } from "../../server/db/project-scope";
import { statusTotalTriggers } from "../../server/db/status-totals";
import { DELAY_CAUSES, DIARY_ROW_SECTIONS, PLANT_KINDS } from "./domain/diary-fields";
import { DIARY_STATUSES, type DiaryStatus } from "./domain/diary-states";

/**
 * The site diary's tables (README "Site diary", decision 039): one diary per project, day and location (no
 * location = the whole project, one value), its rows (work log, delays, plant, meetings held), its notes and
 * the issues raised on it. Photos and videos are core attachments of entity type "operation-site-diary".
 */
export const SiteDiary = projectOwned(
  defineEntity({
    name: "SiteDiary",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      /** The diary's day on the project's clock (decision 029). */
      formDate: p.date(),
      dueDate: p.date(),
      // Restrict: a location a diary is kept for is never deleted from under it (the setup registers the usage).
      location: () => p.manyToOne(Location).nullable().deleteRule("restrict"),
      description: p.text().nullable(),
      assignee: () => p.manyToOne(User).nullable().deleteRule("set null"),
      status: p.enum(DIARY_STATUSES).default("in_progress" satisfies DiaryStatus),
      sky: p.string().length(32).nullable(),
      wind: p.string().length(32).nullable(),
      rain: p.string().length(32).nullable(),
      /** "HH:mm" on the diary's day. */
      rainStart: p.string().length(5).nullable(),
      rainEnd: p.string().length(5).nullable(),
      /** °C with one decimal (numeric: no float drift). */
      temperatureStart: p.decimal().precision(4).scale(1).nullable(),
      temperaturePeak: p.decimal().precision(4).scale(1).nullable(),
      concerns: p.text().nullable(),
      otherComments: p.text().nullable(),
      submittedAt: p.datetime().nullable(),
      closedAt: p.datetime().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    indexes: [
      // One diary per project, day and place; no location is the whole project's diary, one value too.
      {
        name: "site_diary_one_per_day_index",
        expression: `create unique index "site_diary_one_per_day_index" on "site_diary" ("project_id", "form_date", coalesce("location_id", '00000000-0000-0000-0000-000000000000'::uuid))`,
      },
      // The register's search: number, description or location name (the location's by a join).
      {
        name: "site_diary_search_trgm_index",
        expression: `create index "site_diary_search_trgm_index" on "site_diary" using gin ((("number")::text || ' ' || coalesce("description", '')) gin_trgm_ops)`,
      },
      { properties: ["project", "sequence"] },
      { properties: ["project", "formDate", "sequence"] },
      { properties: ["project", "status", "formDate"] },
      { properties: ["project", "location", "formDate"] },
      { properties: ["project", "assignee", "formDate"] },
      { properties: ["project", "status", "dueDate"] },
    ],
    // SiteDiaryStatusTotal's bookkeeping (migration site_diary).
    triggers: statusTotalTriggers("site_diary"),
  }),
);
export type ISiteDiary = InferEntity<typeof SiteDiary>;

/** Diaries per project and state, kept by the triggers above (server/db/status-totals.ts). */
export const SiteDiaryStatusTotal = defineEntity({
  name: "SiteDiaryStatusTotal",
  properties: {
    project: () => p.manyToOne(Project).primary().deleteRule("cascade"),
    status: p.string().length(32).primary(),
    total: p.bigint("number").default(0),
  },
});

const diaryChild = () => ({
  id: idProperty(),
  project: () => p.manyToOne(Project).deleteRule("cascade"),
  diary: () => p.manyToOne(SiteDiary).deleteRule("cascade"),
});

/**
 * A row of one of the diary's own sections (`section`): Work Log (company, work performed, workers, hours),
 * Delays (cause, description, hours lost), Plant Item / Machineries / Deliverables (kind, title, detail) and
 * Meetings Held (title, detail). Saved whole with the diary's form; `prefilled` marks a row the diary wrote
 * itself when the day was opened, until the user saves the form.
 */
export const SiteDiaryRow = projectOwned(
  defineEntity({
    name: "SiteDiaryRow",
    properties: {
      ...diaryChild(),
      section: p.enum(DIARY_ROW_SECTIONS),
      position: p.integer(),
      company: p.string().length(200).nullable(),
      /** Work performed, the delay's description, the plant item's or meeting's title. */
      title: p.string().length(200),
      detail: p.string().length(500).nullable(),
      workers: p.integer().nullable(),
      /** Regular hours, or hours lost to a delay: numeric, two decimals. */
      hours: p.decimal().precision(7).scale(2).nullable(),
      cause: p.enum(DELAY_CAUSES).nullable(),
      plantKind: p.enum(PLANT_KINDS).nullable(),
      prefilled: p.boolean().default(false),
    },
    indexes: [{ properties: ["diary", "section", "position"] }],
  }),
);
export type ISiteDiaryRow = InferEntity<typeof SiteDiaryRow>;

/** A note on the diary (the Notes modal): who wrote it, when. */
export const SiteDiaryNote = projectOwned(
  defineEntity({
    name: "SiteDiaryNote",
    properties: {
      ...diaryChild(),
      body: p.text(),
      author: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["diary", "createdAt"] }],
  }),
);

/** An issue raised on the diary (the Issues modal), listed with its concerns. */
export const SiteDiaryIssue = projectOwned(
  defineEntity({
    name: "SiteDiaryIssue",
    properties: {
      ...diaryChild(),
      title: p.string().length(200),
      description: p.text().nullable(),
      raisedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["diary", "createdAt"] }],
  }),
);

export const siteDiaryEntities = [
  SiteDiary,
  SiteDiaryStatusTotal,
  SiteDiaryRow,
  SiteDiaryNote,
  SiteDiaryIssue,
];
