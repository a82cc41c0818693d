import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty } from "./common";
import { Company } from "./company";
import { Project } from "./project";
import { Role } from "./role";
import { User } from "./user";

export const ProjectMember = defineEntity({
  name: "ProjectMember",
  properties: {
    id: idProperty(),
    project: () => p.manyToOne(Project).deleteRule("cascade"),
    user: () => p.manyToOne(User).deleteRule("cascade"),
    role: () => p.manyToOne(Role).nullable().deleteRule("set null"),
    accRole: () => p.manyToOne(Role).nullable().deleteRule("set null"),
    company: () => p.manyToOne(Company).nullable().deleteRule("set null"),
    createdAt: createdAtProperty(),
  },
  uniques: [{ properties: ["project", "user"] }],
  indexes: [{ properties: ["user"] }],
});
export type IProjectMember = InferEntity<typeof ProjectMember>;
