import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { requiredText } from "~/server/http/form-fields";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { EmailTemplate, type IEmailTemplate } from "../entities";
import {
  CNC_SETTINGS_PATH,
  EMAIL_TEMPLATE_ENTITY_TYPE,
  CNC_SETTINGS_PERMISSIONS as SP,
} from "./calendar-basics";

/** An e-mail template of the project's reminders: a name unique in the project, a subject and a body. */

export const emailTemplateSchema = z.object({
  name: requiredText(200),
  subject: requiredText(300),
  body: requiredText(10_000),
});

export async function createEmailTemplate(context: ProjectContext, formData: FormData) {
  if (!context.can(SP.create)) throw new Response("Forbidden", { status: 403 });
  const submission = parseWithZod(formData, { schema: emailTemplateSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = submission.value;
  const taken = await context.em.count(EmailTemplate, {
    project: context.project.id,
    name: { $ilike: values.name.replace(/[\\%_]/g, (character) => `\\${character}`) },
  });
  if (taken > 0)
    return data(
      submission.reply({
        fieldErrors: { name: [message("cost-and-commercial:emailTemplates.errors.nameTaken")] },
      }),
      { status: 400 },
    );
  const template = await context.em.transactional(async (tx) => {
    const created = tx.create(EmailTemplate, {
      project: context.project.id,
      ...values,
      createdBy: context.user.id,
    } as never) as IEmailTemplate;
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: EMAIL_TEMPLATE_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: { name: values.name, subject: values.subject },
    });
    return created;
  });
  return redirectWithToast(CNC_SETTINGS_PATH, {
    type: "success",
    message: "cost-and-commercial:emailTemplates.toast.created",
    params: { name: template.name },
  });
}
