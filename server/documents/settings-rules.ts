import { z } from "zod";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { isFolderPath } from "~/plugins/document-service/document-service";
import type { DocumentServiceKind } from "~/server/db/entities/document-service";

/**
 * The document service settings form (/project-settings/document-service), checked by the server only
 * (the page sends no zod to the browser). No Remix or MikroORM here.
 */

export const DEFAULT_FOLDER_PATH = "SiteProof";
// The entity's list, without importing the entity (and MikroORM) here.
const kinds = ["local", "acc"] as const satisfies readonly DocumentServiceKind[];
const m = (key: string) => message(`project-settings:documentService.errors.${key}`);

const text = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.string().max(max, maxLengthMessage(max)).optional(),
  );

/** A stored secret is kept when the field is left empty: the page never shows it, so it cannot send it back. */
export function documentServiceFormSchema(options: { secretStored: boolean }) {
  return z
    .object({
      kind: z.enum(kinds, { error: requiredMessage }),
      folderPath: text(500),
      accHubId: text(200),
      accProjectId: text(200),
      accClientId: text(200),
      accClientSecret: text(500),
    })
    .superRefine((form, context) => {
      const issue = (path: string, text: string) =>
        context.addIssue({ code: "custom", path: [path], message: text });
      if (!form.folderPath) issue("folderPath", requiredMessage);
      else if (!isFolderPath(form.folderPath)) issue("folderPath", m("folderPath"));
      if (form.kind !== "acc") return;
      if (!form.accHubId) issue("accHubId", requiredMessage);
      else if (!/^b\.[\w-]+$/.test(form.accHubId)) issue("accHubId", m("accId"));
      if (!form.accProjectId) issue("accProjectId", requiredMessage);
      else if (!/^b\.[\w-]+$/.test(form.accProjectId)) issue("accProjectId", m("accId"));
      if (!form.accClientId) issue("accClientId", requiredMessage);
      if (!form.accClientSecret && !options.secretStored) issue("accClientSecret", requiredMessage);
    });
}
export type DocumentServiceForm = z.infer<ReturnType<typeof documentServiceFormSchema>>;
