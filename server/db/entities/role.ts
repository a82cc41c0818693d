import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "./common";
import { Project } from "./project";

export const Role = defineEntity({
  name: "Role",
  properties: {
    id: idProperty(),
    name: p.string().length(120),
    /**
     * product: permission sets defined for the whole product, assigned to members in any project and as
     * users' global roles; acc: one project's roles mirrored from the construction cloud service.
     */
    kind: p.enum(["product", "acc"] as const).default("product"),
    /** A role made for one project only; null means it can be used in every project. */
    project: () => p.manyToOne(Project).nullable().deleteRule("cascade"),
    fullAccess: p.boolean().default(false),
    /** Granted permission keys, e.g. "quality.lot.view". */
    grantedActions: p.array().default([]),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
});
export type IRole = InferEntity<typeof Role>;
