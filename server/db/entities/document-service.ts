import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { projectOwned } from "../project-scope";
import { createdAtProperty, idProperty, updatedAtProperty } from "./common";
import { JobRun } from "./job-run";
import { Project } from "./project";
import { User } from "./user";

export const documentServiceKinds = ["local", "acc"] as const;
export type DocumentServiceKind = (typeof documentServiceKinds)[number];

/**
 * Where a project's documents go (plugins/document-service): the local folder, or ACC Docs with the app's
 * client id and secret. The secret is stored encrypted (server/documents/secret.server.ts) and never sent
 * to the browser. No row: the local default with the folder "SiteProof".
 */
export const DocumentServiceSetting = projectOwned(
  defineEntity({
    name: "DocumentServiceSetting",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade").unique(),
      kind: p.enum(documentServiceKinds).default("local"),
      folderPath: p.string().length(500),
      accHubId: p.string().length(200).nullable(),
      accProjectId: p.string().length(200).nullable(),
      accClientId: p.string().length(200).nullable(),
      /** AES-256-GCM, "iv.tag.ciphertext" in base64url; null when none was given. */
      accClientSecret: p.text().nullable(),
      updatedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      updatedAt: updatedAtProperty(),
    },
  }),
);
export type IDocumentServiceSetting = InferEntity<typeof DocumentServiceSetting>;

export const documentSendStatuses = ["queued", "sent", "failed"] as const;
export type DocumentSendStatus = (typeof documentSendStatuses)[number];

/**
 * One file sent (or being sent) to a project's document service: what (a stored file and the record it
 * belongs to), where (service and folder), when, how it ended (reference and link, or the error). A module
 * page reads these for its record to show "sent to the document service" or the failure.
 */
export const DocumentSend = projectOwned(
  defineEntity({
    name: "DocumentSend",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      /** The module that asked, and the record the file belongs to (e.g. safety / audit / id). */
      moduleId: p.string().length(64),
      subjectType: p.string().length(64),
      subjectId: p.string().length(64),
      storageKey: p.string().length(100),
      fileName: p.string().length(255),
      contentType: p.string().length(200),
      serviceKind: p.enum(documentServiceKinds),
      folderPath: p.string().length(1000),
      status: p.enum(documentSendStatuses).default("queued"),
      reference: p.string().length(500).nullable(),
      url: p.string().length(2000).nullable(),
      error: p.text().nullable(),
      requestedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      jobRun: () => p.manyToOne(JobRun).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      sentAt: p.datetime().nullable(),
    },
    indexes: [{ properties: ["project", "subjectType", "subjectId", "createdAt"] }],
  }),
);
export type IDocumentSend = InferEntity<typeof DocumentSend>;
