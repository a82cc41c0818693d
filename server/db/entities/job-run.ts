import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "./common";
import { Project } from "./project";
import { User } from "./user";

export const jobRunStatuses = ["queued", "running", "completed", "failed"] as const;
export type JobRunStatus = (typeof jobRunStatuses)[number];

/** What a finished job hands back to the screen that asked for it (e.g. the report's storage key and file name). */
export type JobRunResult = Record<string, string | number | boolean | null>;

/**
 * One run of a background job (server/jobs): what it works on, how far it got and how it ended.
 * The screen reads the latest run for its subject (e.g. the lot report of lot X) to show
 * generate / generating / regenerate / error. Not `projectOwned`: runs outside any project exist
 * (emails, imports of global lists) and the worker reads runs without a request's project; queries
 * name the project explicitly (see server/jobs/jobs.server.ts).
 */
export const JobRun = defineEntity({
  name: "JobRun",
  properties: {
    id: idProperty(),
    project: () => p.manyToOne(Project).nullable().deleteRule("cascade"),
    kind: p.string().length(100),
    subjectType: p.string().length(64).nullable(),
    subjectId: p.string().length(64).nullable(),
    status: p.enum(jobRunStatuses).default("queued"),
    progress: p.integer().default(0),
    /** What the handler needs to run; kept so a failed run can be run again as it was asked. */
    payload: p.json<Record<string, unknown>>().nullable(),
    result: p.json<JobRunResult>().nullable(),
    error: p.text().nullable(),
    requestedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ["subjectType", "subjectId", "kind", "createdAt"] }, { properties: ["status"] }],
});
export type IJobRun = InferEntity<typeof JobRun>;
