import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { User } from "../../server/db/entities/user";
import { HELP_SECTIONS } from "./domain/help-sections";

/**
 * The help panel's articles (README): product-wide, not a project's, so not `projectOwned`. English is
 * required; Vietnamese and Australian English are optional (a title and a body together, or neither).
 */
export const HelpArticle = defineEntity({
  name: "HelpArticle",
  properties: {
    id: idProperty(),
    section: p.enum(HELP_SECTIONS),
    /** The order within its section (smallest first); ties by title. */
    position: p.integer().default(0),
    titleEn: p.string().length(200),
    bodyEn: p.text(),
    titleVi: p.string().length(200).nullable(),
    bodyVi: p.text().nullable(),
    titleAu: p.string().length(200).nullable(),
    bodyAu: p.text().nullable(),
    createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
    updatedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  // A section's list, in order.
  indexes: [{ properties: ["section", "position"] }],
});
export type IHelpArticle = InferEntity<typeof HelpArticle>;

/** A screenshot of an article: an image file in the core storage (plugins/storage), shown under its text. */
export const HelpScreenshot = defineEntity({
  name: "HelpScreenshot",
  properties: {
    id: idProperty(),
    article: () => p.manyToOne(HelpArticle).deleteRule("cascade"),
    fileName: p.string().length(255),
    contentType: p.string().length(100),
    size: p.bigint("number"),
    storageKey: p.string().length(255),
    uploadedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
    createdAt: createdAtProperty(),
  },
  indexes: [{ properties: ["article", "createdAt"] }],
});
export type IHelpScreenshot = InferEntity<typeof HelpScreenshot>;

export const helpEntities = [HelpArticle, HelpScreenshot];
