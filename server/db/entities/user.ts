import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "./common";
import { Role } from "./role";

export const User = defineEntity({
  name: "User",
  tableName: "app_user",
  properties: {
    id: idProperty(),
    email: p.string().length(320).unique(),
    name: p.string().length(200),
    passwordHash: p.string().length(200).nullable(),
    isSuperAdmin: p.boolean().default(false),
    isActive: p.boolean().default(true),
    /** The language the user chose in the profile menu; null follows the project. */
    locale: p.string().length(8).nullable(),
    /** Subject of the Microsoft (OpenID Connect) account linked to this user. */
    microsoftSubject: p.string().length(255).nullable().unique(),
    /** Grants the global settings pages; project work is granted by the member's role in each project. */
    globalRole: () => p.manyToOne(Role).nullable().deleteRule("set null"),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
});
export type IUser = InferEntity<typeof User>;
