import { parseWithZod } from "@conform-to/zod/v4";
import { LockMode } from "@mikro-orm/core";
import { data } from "@remix-run/node";
import { recordActivity } from "~/server/audit/activity.server";
import { Company, Location, User } from "~/server/db/entities";
import { redirectWithToast } from "~/server/http/toast.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { canEditDefect } from "../domain/defect-editing";
import { Defect, type IDefect, Lot } from "../entities";
import { DEFECT_ENTITY_TYPE, defectFormSchema, defectPath } from "./defect-rules";
import { checkDefectChoices, defectFormChoices, relationOf } from "./defects.server";

/**
 * Editing a saved defect (decision 027): the create form filled with the defect, saved by its raiser or QA
 * while the work is not done (domain/defect-editing.ts). The entry on its log names the changed fields with
 * their values before and after; a refused form writes nothing.
 */

/** The edited fields, in the form's order: the activity entry lists them in this order. */
const EDITED_FIELDS = [
  "title",
  "description",
  "location",
  "lot",
  "company",
  "assignee",
  "dueDate",
  "priority",
] as const;
type EditedField = (typeof EDITED_FIELDS)[number];

const dayText = (value: unknown): string | null =>
  value ? (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)) : null;

export function canEdit(context: ProjectContext, defect: IDefect): boolean {
  return canEditDefect(defect.status, grantedKeysOf(context), relationOf(context, defect));
}

function refuseEdit(context: ProjectContext, defect: IDefect): never {
  // A defect this user may not edit in any state is forbidden; one they could edit before is past editing.
  const anyState = canEditDefect("pending", grantedKeysOf(context), relationOf(context, defect));
  throw new Response(anyState ? "This defect can no longer be edited" : "Forbidden", {
    status: anyState ? 409 : 403,
  });
}

/** What the edit page shows: the form's values from the defect, and its choices. */
export async function loadDefectEdit(context: ProjectContext, defect: IDefect) {
  if (!canEdit(context, defect)) refuseEdit(context, defect);
  return {
    defect: { id: defect.id, number: defect.number, title: defect.title, status: defect.status },
    values: {
      title: defect.title,
      description: defect.description ?? "",
      locationId: defect.location?.id ?? "",
      lotNumber: defect.lot?.number ?? "",
      companyId: defect.company?.id ?? "",
      assigneeId: defect.assignee?.id ?? "",
      dueDate: dayText(defect.dueDate) ?? "",
      priority: defect.priority,
    },
    choices: await defectFormChoices(context.em, context.project.id),
  };
}

/** The display value of each field (names, not ids), for the activity entry. */
function shown(defect: IDefect): Record<EditedField, string | null> {
  return {
    title: defect.title,
    description: defect.description ?? null,
    location: defect.location?.name ?? null,
    lot: defect.lot?.number ?? null,
    company: defect.company?.name ?? null,
    assignee: defect.assignee?.name ?? null,
    dueDate: dayText(defect.dueDate),
    priority: defect.priority,
  };
}

/**
 * Saves the edit: the create form's schema (a raised defect keeps needing an assignee, a draft does not),
 * the choices against the project, then the defect locked and its state checked again, in one transaction.
 */
export async function updateDefect(context: ProjectContext, defect: IDefect, formData: FormData) {
  if (!canEdit(context, defect)) refuseEdit(context, defect);
  const { em, project, user } = context;
  // The edit has no "save as draft / raise" choice: the defect's state decides whether an assignee is needed.
  formData.set("save", defect.status === "draft" ? "draft" : "raise");
  const submission = parseWithZod(formData, { schema: defectFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = submission.value;
  const { fieldErrors, lotId } = await checkDefectChoices(em, project.id, values);
  if (Object.keys(fieldErrors).length > 0) return data(submission.reply({ fieldErrors }), { status: 400 });

  const saved = await em.transactional(async (tx) => {
    const locked = await tx.findOneOrFail(
      Defect,
      { id: defect.id, project: project.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    await tx.populate(locked, ["location", "lot", "company", "assignee", "createdBy"]);
    // Someone moved it on (completed, disputed…) since the page was opened.
    if (!canEdit(context, locked)) return null;
    const before = shown(locked);
    // The choices were checked above; read them whole so the entry can name them.
    tx.assign(locked, {
      title: values.title,
      description: values.description || null,
      location: values.locationId ? await tx.findOneOrFail(Location, { id: values.locationId }) : null,
      lot: lotId ? await tx.findOneOrFail(Lot, { id: lotId }) : null,
      company: values.companyId ? await tx.findOneOrFail(Company, { id: values.companyId }) : null,
      assignee: values.assigneeId ? await tx.findOneOrFail(User, { id: values.assigneeId }) : null,
      dueDate: values.dueDate ?? null,
      priority: values.priority,
    } as never);
    const after = shown(locked);
    const changed = EDITED_FIELDS.filter((field) => before[field] !== after[field]);
    if (changed.length > 0)
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: DEFECT_ENTITY_TYPE,
        entityId: locked.id,
        action: "updated",
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, after[field]])),
      });
    return locked;
  });
  if (!saved)
    return data(submission.reply({ formErrors: ["quality:defectEdit.errors.notEditable"] }), { status: 409 });
  return redirectWithToast(defectPath(saved.id), {
    type: "success",
    message: "quality:defectEdit.toast.saved",
    params: { number: saved.number },
  });
}
