import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { projectOwned } from "../project-scope";
import { idProperty, updatedAtProperty } from "./common";
import { Project } from "./project";
import { User } from "./user";

/**
 * A project's link to ACC Cost Management (plugins/acc): the APS app's client id and secret and the cost
 * container (the ACC project id). Dockets post approved dockets through it; Cost and Commercial's package sync
 * reads budgets and contracts through it. The secret is stored encrypted (server/documents/secret.server.ts)
 * and never sent to the browser. No row: not connected.
 */
export const AccCostConnection = projectOwned(
  defineEntity({
    name: "AccCostConnection",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade").unique(),
      clientId: p.string().length(200),
      /** AES-256-GCM, "iv.tag.ciphertext" in base64url. */
      clientSecret: p.text(),
      containerId: p.string().length(200),
      /** Autodesk Platform Services by default; another address only for a test server. */
      baseUrl: p.string().length(500).nullable(),
      updatedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      updatedAt: updatedAtProperty(),
    },
  }),
);
export type IAccCostConnection = InferEntity<typeof AccCostConnection>;
