import type { EntityManager } from "@mikro-orm/postgresql";
import { type DocumentServiceConfig, folderPathParts } from "~/plugins/document-service/index.server";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { DocumentServiceSetting, type IDocumentServiceSetting } from "~/server/db/entities";
import { PROJECT_SCOPE } from "~/server/db/project-scope";
import { decryptSecret, encryptSecret } from "./secret.server";
import { DEFAULT_FOLDER_PATH, type DocumentServiceForm } from "./settings-rules";

/** Named explicitly, so these helpers work on any EntityManager (a job's, another project's request). */
const inProject = (projectId: string) => ({ filters: { [PROJECT_SCOPE]: { projectId } } });

export const DOCUMENT_SERVICE_ENTITY = "DocumentServiceSetting";

export function findDocumentServiceSetting(em: EntityManager, projectId: string) {
  return em.findOne(DocumentServiceSetting, { project: projectId }, inProject(projectId));
}

/** What the settings page shows: everything but the secret, and whether one is stored. */
export type DocumentServiceView = {
  kind: "local" | "acc";
  folderPath: string;
  accHubId: string;
  accProjectId: string;
  accClientId: string;
  secretStored: boolean;
};

export function documentServiceView(row: IDocumentServiceSetting | null): DocumentServiceView {
  return {
    kind: row?.kind ?? "local",
    folderPath: row?.folderPath ?? DEFAULT_FOLDER_PATH,
    accHubId: row?.accHubId ?? "",
    accProjectId: row?.accProjectId ?? "",
    accClientId: row?.accClientId ?? "",
    // A secret that no longer decrypts (SESSION_SECRET changed) counts as none: the form asks for it.
    secretStored: Boolean(row?.accClientSecret && decryptSecret(row.accClientSecret) !== null),
  };
}

/** Which service a project's files go to, and under which folder (no secret read). */
export async function documentServiceTarget(em: EntityManager, projectId: string) {
  const row = await findDocumentServiceSetting(em, projectId);
  return { kind: row?.kind ?? "local", folderPath: row?.folderPath ?? DEFAULT_FOLDER_PATH } as const;
}

/** The service a project's settings name, with the folder its files go under; the local default without a row. */
export async function documentServiceConfig(
  em: EntityManager,
  projectId: string,
): Promise<{ config: DocumentServiceConfig; folderPath: string }> {
  const row = await findDocumentServiceSetting(em, projectId);
  const folderPath = row?.folderPath ?? DEFAULT_FOLDER_PATH;
  if (!row || row.kind === "local") return { config: { kind: "local" }, folderPath };
  const secret = row.accClientSecret ? decryptSecret(row.accClientSecret) : null;
  if (!row.accHubId || !row.accProjectId || !row.accClientId || secret === null)
    throw new Error("The document service settings are incomplete: open them and save the ACC link again");
  return {
    config: {
      kind: "acc",
      hubId: row.accHubId,
      projectId: row.accProjectId,
      clientId: row.accClientId,
      clientSecret: secret,
    },
    folderPath,
  };
}

/** The activity log shows which fields changed; the secret only as "changed", never its value. */
const logged = (view: DocumentServiceView, secretChanged = false) => ({
  kind: view.kind,
  folderPath: view.folderPath,
  accHubId: view.accHubId,
  accProjectId: view.accProjectId,
  accClientId: view.accClientId,
  accClientSecret: secretChanged ? "(changed)" : view.secretStored ? "(stored)" : "",
});

/**
 * Stores the validated form in one transaction with its activity-log entry. ACC fields are kept when the
 * local service is chosen (switching back needs no retyping); an empty secret keeps the stored one.
 */
export async function saveDocumentServiceSettings(
  em: EntityManager,
  { projectId, actorId, form }: { projectId: string; actorId: string; form: DocumentServiceForm },
): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await findDocumentServiceSetting(tx as EntityManager, projectId);
    const before = documentServiceView(row);
    const values = {
      kind: form.kind,
      // The form checked the path; stored tidy ("Project Files / Reports" → "Project Files/Reports").
      folderPath: folderPathParts(form.folderPath ?? DEFAULT_FOLDER_PATH).join("/"),
      accHubId: form.accHubId || row?.accHubId || null,
      accProjectId: form.accProjectId || row?.accProjectId || null,
      accClientId: form.accClientId || row?.accClientId || null,
      accClientSecret: form.accClientSecret
        ? encryptSecret(form.accClientSecret)
        : (row?.accClientSecret ?? null),
      updatedBy: actorId,
    };
    const after: DocumentServiceView = {
      kind: values.kind,
      folderPath: values.folderPath,
      accHubId: values.accHubId ?? "",
      accProjectId: values.accProjectId ?? "",
      accClientId: values.accClientId ?? "",
      secretStored: values.accClientSecret !== null,
    };
    const change = changedFields(logged(before), logged(after, Boolean(form.accClientSecret)));
    // A save that changes nothing writes nothing.
    if (Object.keys(change.after).length === 0) return;
    if (row) tx.assign(row, values);
    else tx.create(DocumentServiceSetting, { project: projectId, ...values });
    recordActivity(tx as EntityManager, {
      projectId,
      actorId,
      entityType: DOCUMENT_SERVICE_ENTITY,
      entityId: projectId,
      action: "updated",
      ...change,
    });
  });
}
