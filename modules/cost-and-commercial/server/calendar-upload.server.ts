import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { message, requiredMessage } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { requiredText } from "~/server/http/form-fields";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { readWorkbookUpload } from "~/server/uploads/workbook-upload.server";
import { CONTRACT_SIDES } from "../domain/vocabularies";
import { CalendarTask, CommercialCalendar, type ICommercialCalendar } from "../entities";
import { CALENDAR_ENTITY_TYPE, calendarPath, CALENDAR_PERMISSIONS as P } from "./calendar-basics";
import { MAX_CALENDAR_BYTES, readCalendarIcs, readCalendarWorkbook } from "./calendar-import";

/** Adding a calendar by upload: the file read whole, every row checked, its tasks kept all or none. */

export const calendarUploadSchema = z.object({
  name: requiredText(200),
  side: z.enum(CONTRACT_SIDES, { error: requiredMessage }),
});

const refused = (errors: string[], status = 400) =>
  data({ status: "error", error: { "": errors } }, { status });

export async function uploadCalendar(context: ProjectContext, request: Request) {
  if (!context.can(P.editCalendar)) throw new Response("Forbidden", { status: 403 });
  const upload = await readWorkbookUpload(request, {
    maxBytes: MAX_CALENDAR_BYTES,
    notXlsxMessage: message("cost-and-commercial:calendar.upload.wrongType"),
    allowedExtensions: ["xlsx", "ics"],
  });
  if ("error" in upload) return refused([upload.error]);
  const submission = parseWithZod(upload.fields, { schema: calendarUploadSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (!upload.workbook || !upload.fileName)
    return data(
      submission.reply({ fieldErrors: { file: [message("cost-and-commercial:calendar.upload.noFile")] } }),
      {
        status: 400,
      },
    );
  const read = upload.fileName.toLowerCase().endsWith(".ics")
    ? readCalendarIcs(upload.workbook.toString("utf8"))
    : await readCalendarWorkbook(upload.workbook);
  if (!read.ok) return data(submission.reply({ formErrors: read.errors }), { status: 400 });
  const { name, side } = submission.value;
  const calendar = await context.em.transactional(async (tx) => {
    const created = tx.create(CommercialCalendar, {
      project: context.project.id,
      side,
      name,
      fileName: upload.fileName!.slice(0, 255),
      visible: true,
      importedBy: context.user.id,
    } as never) as ICommercialCalendar;
    for (const task of read.tasks)
      tx.create(CalendarTask, {
        project: context.project.id,
        side,
        calendar: created,
        ...task,
        collaboratorIds: [],
        status: "open",
        createdBy: context.user.id,
      } as never);
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: CALENDAR_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: { name, side, fileName: created.fileName, tasks: read.tasks.length },
    });
    return created;
  });
  // ISO days sort as text: the earliest is the first.
  const first = read.tasks.map((task) => task.startDate).sort()[0];
  return redirectWithToast(calendarPath(side, first.slice(0, 7)), {
    type: "success",
    message: "cost-and-commercial:calendar.upload.done",
    params: { name: calendar.name, count: read.tasks.length },
  });
}
