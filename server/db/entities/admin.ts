import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { projectOwned } from "../project-scope";
import { createdAtProperty, idProperty, updatedAtProperty } from "./common";
import { Project } from "./project";
import { User } from "./user";

/** People grouped within a project (a crew, a review panel) to assign or notify together. */
export const Group = projectOwned(
  defineEntity({
    name: "Group",
    tableName: "project_group",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      name: p.string().length(120),
      description: p.text().nullable(),
      members: () => p.manyToMany(User).pivotTable("project_group_member"),
      /** Workers on site without an account, by name. */
      workers: p.array().default([]),
      /** Reviewers outside the product, by email. */
      externalUsers: p.array().default([]),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "name"] }],
  }),
);
export type IGroup = InferEntity<typeof Group>;

/** The values of one module settings form in one project (forms are declared in module manifests). */
export const ProjectSetting = projectOwned(
  defineEntity({
    name: "ProjectSetting",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      moduleId: p.string().length(64),
      form: p.string().length(64),
      values: p.json<Record<string, unknown>>(),
      updatedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "moduleId", "form"] }],
  }),
);
export type IProjectSetting = InferEntity<typeof ProjectSetting>;

/** The values of one settings form for the whole product (global settings). */
export const GlobalSetting = defineEntity({
  name: "GlobalSetting",
  properties: {
    id: idProperty(),
    moduleId: p.string().length(64),
    form: p.string().length(64),
    values: p.json<Record<string, unknown>>(),
    updatedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
    updatedAt: updatedAtProperty(),
  },
  uniques: [{ properties: ["moduleId", "form"] }],
});
export type IGlobalSetting = InferEntity<typeof GlobalSetting>;

export const resourceCategories = ["labour", "plant", "material", "subcontract", "other"] as const;

/** The catalogue of resources (labour classes, plant, materials) that dockets and rates refer to. */
export const Resource = defineEntity({
  name: "Resource",
  properties: {
    id: idProperty(),
    code: p.string().length(40).unique(),
    name: p.string().length(200),
    category: p.enum(resourceCategories),
    unit: p.string().length(20),
    description: p.text().nullable(),
    active: p.boolean().default(true),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
});
export type IResource = InferEntity<typeof Resource>;
