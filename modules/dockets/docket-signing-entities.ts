import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty } from "../../server/db/entities/common";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { projectOwned } from "../../server/db/project-scope";
import { Docket } from "./entities";

/**
 * The subcontractor's supervisor's signing link of a docket (README "Signing link"): its token is derived from
 * the link's id under the server's secret (so the docket's page can show the QR code again) and only its
 * SHA-256 is stored. It ends when used (the supervisor signed), when it expires, or when revoked.
 */
export const DocketSigningLink = projectOwned(
  defineEntity({
    name: "DocketSigningLink",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      docket: () => p.manyToOne(Docket).deleteRule("cascade"),
      tokenHash: p.string().length(64).unique(),
      expiresAt: p.datetime(),
      revokedAt: p.datetime().nullable(),
      usedAt: p.datetime().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["docket", "createdAt"] }],
  }),
);
export type IDocketSigningLink = InferEntity<typeof DocketSigningLink>;

export const docketSigningEntities = [DocketSigningLink];
