import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import {
  type DocumentServiceConfig,
  documentServiceFor,
  localDocumentService,
} from "~/plugins/document-service/index.server";
import { invariantResponse } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { Locale } from "~/server/i18n/locale";
import { settingsErrorMap, translateReply } from "~/server/settings/form-errors.server";
import { fileDownload } from "~/server/uploads/attachments.server";
import { decryptSecret } from "./secret.server";
import {
  documentServiceView,
  findDocumentServiceSetting,
  saveDocumentServiceSettings,
} from "./settings.server";
import { type DocumentServiceForm, documentServiceFormSchema } from "./settings-rules";

export const DOCUMENT_SERVICE_PAGE = "/project-settings/document-service";

type PageContext = { em: EntityManager; projectId: string; actorId: string; locale: Locale };

/** The settings as the page shows them: never the secret, only whether one is stored. */
export async function documentServicePage(em: EntityManager, projectId: string) {
  return documentServiceView(await findDocumentServiceSetting(em, projectId));
}

async function parse(context: PageContext, formData: FormData) {
  const view = await documentServicePage(context.em, context.projectId);
  const submission = parseWithZod(formData, {
    schema: documentServiceFormSchema({ secretStored: view.secretStored }),
    error: settingsErrorMap,
  });
  return { submission };
}

/** Saves the form: 400 with the messages (nothing written) when it does not validate, else a toast. */
export async function saveDocumentServicePage(context: PageContext, formData: FormData) {
  const { submission } = await parse(context, formData);
  if (submission.status !== "success") {
    // The secret is never sent back, not even the one just typed.
    const reply = submission.reply({ hideFields: ["accClientSecret"] });
    return data({ result: await translateReply(context.locale, reply), test: null }, { status: 400 });
  }
  await saveDocumentServiceSettings(context.em, {
    projectId: context.projectId,
    actorId: context.actorId,
    form: submission.value,
  });
  return redirectWithToast(DOCUMENT_SERVICE_PAGE, {
    type: "success",
    message: "project-settings:documentService.toast.saved",
  });
}

/** The service the form describes, with the stored secret when the field was left empty. */
async function configOf(context: PageContext, form: DocumentServiceForm): Promise<DocumentServiceConfig> {
  if (form.kind === "local") return { kind: "local" };
  const row = await findDocumentServiceSetting(context.em, context.projectId);
  const secret = form.accClientSecret || (row?.accClientSecret ? decryptSecret(row.accClientSecret) : null);
  return {
    kind: "acc",
    hubId: form.accHubId ?? "",
    projectId: form.accProjectId ?? "",
    clientId: form.accClientId ?? "",
    clientSecret: secret ?? "",
  };
}

/** "Test connection": asks the service the form describes, without saving anything. */
export async function testDocumentServicePage(context: PageContext, formData: FormData) {
  const { submission } = await parse(context, formData);
  if (submission.status !== "success") {
    const reply = submission.reply({ hideFields: ["accClientSecret"] });
    return data({ result: await translateReply(context.locale, reply), test: null }, { status: 400 });
  }
  const status = await documentServiceFor(await configOf(context, submission.value)).status();
  return data({ result: null, test: status });
}

/** A document kept by the local service, for members of its project only; 404 for anything else. */
export async function localDocumentDownload(projectId: string, id: string | undefined): Promise<Response> {
  const kept = id ? await localDocumentService().read(projectId, id) : null;
  invariantResponse(kept, "Not Found", 404);
  return fileDownload(kept, kept, "inline");
}
