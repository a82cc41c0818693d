import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty } from "./common";
import { Project } from "./project";
import { User } from "./user";

/** A signed-in browser. Deleting the row signs that browser out. */
export const Session = defineEntity({
  name: "Session",
  tableName: "app_session",
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(User).deleteRule("cascade").index(),
    currentProject: () => p.manyToOne(Project).nullable().deleteRule("set null"),
    selectedModule: p.string().length(64).nullable(),
    remember: p.boolean().default(false),
    expiresAt: p.datetime().index(),
    userAgent: p.string().length(400).nullable(),
    createdAt: createdAtProperty(),
  },
});
export type ISession = InferEntity<typeof Session>;

/** One-time links: password reset and invitation. Only the hash of the token is stored. */
export const AuthToken = defineEntity({
  name: "AuthToken",
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(User).deleteRule("cascade").index(),
    kind: p.enum(["reset", "invite"] as const),
    tokenHash: p.string().length(64).unique(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
  },
});
export type IAuthToken = InferEntity<typeof AuthToken>;
