import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "./common";
import { Company } from "./company";

export const Project = defineEntity({
  name: "Project",
  properties: {
    id: idProperty(),
    name: p.string().length(200).index(),
    number: p.string().length(50).unique(),
    /** 'AU' marks an Australian project (au texts, PTT instead of pre-start talks); otherwise 'EN' or 'VI'. */
    language: p.string().length(8).default("EN"),
    company: () => p.manyToOne(Company).nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
});
export type IProject = InferEntity<typeof Project>;

/** Which modules are switched off for a project. A module with no row is on. */
export const ProjectModule = defineEntity({
  name: "ProjectModule",
  properties: {
    id: idProperty(),
    project: () => p.manyToOne(Project).deleteRule("cascade"),
    moduleId: p.string().length(64),
    enabled: p.boolean(),
    updatedAt: updatedAtProperty(),
  },
  uniques: [{ properties: ["project", "moduleId"] }],
});
export type IProjectModule = InferEntity<typeof ProjectModule>;

/** Per-project counters behind human numbers (LOT-0042). Incremented in the transaction of the insert. */
export const ProjectCounter = defineEntity({
  name: "ProjectCounter",
  properties: {
    project: () => p.manyToOne(Project).primary().deleteRule("cascade"),
    kind: p.string().length(32).primary(),
    value: p.integer().default(0),
  },
});
