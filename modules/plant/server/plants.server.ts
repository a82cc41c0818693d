import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { activityRowsFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { dayOfDateColumn } from "~/server/db/date-column";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { plantTagKey } from "../domain/plant-rules";
import { isPlantOpen, PLANT_PERMISSIONS, type PlantStatus, plantWorkflow } from "../domain/plant-workflow";
import { type IPlantItem, PlantItem } from "../entities";
import { plantCompanyChoices } from "./plant-register.server";
import {
  PLANT_ENTITY_TYPE,
  PLANT_PATH,
  type PlantForm,
  plantFormSchema,
  plantPath,
  plantTransitionSchema,
} from "./plant-rules";

/** Plant items on the server: the form, the steps, and who may change what. */

const P = PLANT_PERMISSIONS;

/** The plant item of a URL in the project, or a 404. */
export async function plantById(context: ProjectContext, id: string | undefined): Promise<IPlantItem> {
  const plant = isUuid(id)
    ? await context.em.findOne(
        PlantItem,
        { id, project: context.project.id },
        { populate: ["ownerCompany", "createdBy"] },
      )
    : null;
  if (!plant) throw new Response("Not found", { status: 404 });
  return plant;
}

/** Its details change until it is archived, for holders of edit. */
export const canEditPlant = (context: ProjectContext, plant: Pick<IPlantItem, "status">) =>
  isPlantOpen(plant.status) && context.can(P.edit);

export function plantFormValues(plant: IPlantItem) {
  return {
    make: plant.make,
    model: plant.model,
    serial: plant.serial,
    ownerCompanyId: plant.ownerCompany.id,
    description: plant.description ?? "",
    onHireDate: dayOfDateColumn(plant.onHireDate) ?? "",
    offHireDate: dayOfDateColumn(plant.offHireDate) ?? "",
  };
}

/** The stored values of a valid form (the activity log compares them). */
const storedValues = (values: PlantForm) => ({
  make: values.make,
  model: values.model,
  serial: values.serial,
  ownerCompanyId: values.ownerCompanyId,
  description: values.description ?? "",
  onHireDate: values.onHireDate ?? "",
  offHireDate: values.offHireDate ?? "",
});

const entityValues = (values: PlantForm) => ({
  make: values.make,
  model: values.model,
  serial: values.serial,
  serialKey: plantTagKey(values.serial),
  ownerCompany: values.ownerCompanyId,
  description: values.description,
  onHireDate: values.onHireDate,
  offHireDate: values.offHireDate,
});

/** Parses the form and checks the owner is one of the project's companies; a refusal writes nothing. */
async function parsePlantForm(context: ProjectContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: plantFormSchema });
  if (submission.status !== "success") return { reply: data(submission.reply(), { status: 400 }) } as const;
  const companies = await plantCompanyChoices(context.em, context.project.id);
  if (!companies.some((company) => company.value === submission.value.ownerCompanyId))
    return {
      reply: data(
        submission.reply({ fieldErrors: { ownerCompanyId: [message("plant:errors.choiceNotFound")] } }),
        { status: 400 },
      ),
    } as const;
  return { submission, values: submission.value } as const;
}

/** Registers a plant item (IN_PROGRESS), numbered PLT-0001 per project, with its "created" entry. */
export async function createPlant(context: ProjectContext, formData: FormData) {
  const { em, project, user } = context;
  const parsed = await parsePlantForm(context, formData);
  if ("reply" in parsed) return parsed.reply;
  const plant = await em.transactional(async (tx) => {
    const created = tx.create(PlantItem, {
      project: project.id,
      number: await nextNumber(tx, project.id, "PLT"),
      ...entityValues(parsed.values),
      status: "IN_PROGRESS",
      createdBy: user.id,
    } as never) as IPlantItem;
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: PLANT_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: {
        number: created.number,
        status: "IN_PROGRESS",
        make: parsed.values.make,
        model: parsed.values.model,
      },
    });
    return created;
  });
  return redirectWithToast(plantPath(plant.id), {
    type: "success",
    message: "plant:toast.created",
    params: { number: plant.number },
  });
}

/** Saves the edit form with an "updated" entry of what changed; nothing is written when refused or archived. */
export async function editPlant(context: ProjectContext, plantId: string, formData: FormData) {
  const { em, project, user } = context;
  const parsed = await parsePlantForm(context, formData);
  if ("reply" in parsed) return parsed.reply;
  const saved = await em.transactional(async (tx) => {
    const plant = await tx.findOne(
      PlantItem,
      { id: plantId, project: project.id },
      { populate: ["ownerCompany"] },
    );
    if (!plant) throw new Response("Not found", { status: 404 });
    if (!isPlantOpen(plant.status)) return null;
    const changed = changedFields(plantFormValues(plant), storedValues(parsed.values));
    if (Object.keys(changed.after).length === 0) return plant;
    tx.assign(plant, entityValues(parsed.values) as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: PLANT_ENTITY_TYPE,
      entityId: plant.id,
      action: "updated",
      ...changed,
    });
    return plant;
  });
  if (!saved)
    return data(parsed.submission.reply({ formErrors: [message("plant:errors.notEditable")] }), {
      status: 409,
    });
  return redirectWithToast(plantPath(saved.id), {
    type: "success",
    message: "plant:toast.updated",
    params: { number: saved.number },
  });
}

/** One step of the plant table through the core's engine, with its "status-changed" entry. */
export async function transitionPlant(
  context: ProjectContext,
  plantId: string,
  formData: FormData,
  onDeleted: (id: string) => Promise<void>,
) {
  const submission = parseWithZod(formData, { schema: plantTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed } = submission.value;
  const outcome = await runWorkflowStep({
    em: context.em,
    entity: PlantItem,
    id: plantId,
    projectId: context.project.id,
    workflow: plantWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (plant: IPlantItem): PlantStatus => plant.status,
    apply(tx, plant, change) {
      tx.assign(plant, { status: change.to });
    },
    activity: {
      entityType: PLANT_ENTITY_TYPE,
      entry: (plant, change) => ({
        action: change.to === null ? "deleted" : "status-changed",
        before:
          change.to === null
            ? { status: change.from, number: plant.number, make: plant.make, model: plant.model }
            : { status: change.from },
        after: { status: change.to, action: step, comment: comment ?? null },
      }),
    },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "plant:errors.commentRequired",
      confirmRequired: "plant:errors.confirmRequired",
      notAllowed: "plant:errors.actionNotAllowed",
    });
  if (outcome.to === null) {
    await onDeleted(plantId);
    return redirectWithToast(PLANT_PATH, {
      type: "success",
      message: "plant:toast.deleted",
      params: { number: outcome.record.number },
    });
  }
  return redirectWithToast(plantPath(plantId), {
    type: "success",
    message: `plant:toast.step.${step}`,
    params: { number: outcome.record.number },
  });
}

/** The steps this user may run now, for the page's buttons. */
export const plantSteps = (context: ProjectContext, plant: Pick<IPlantItem, "status">) =>
  plantWorkflow.available(plant.status, grantedKeysOf(context)).map((row) => ({
    action: row.action,
    confirm: Boolean(row.confirm),
    requiresComment: Boolean(row.requiresComment),
  }));

export const plantActivity = (context: ProjectContext, plantId: string) =>
  activityRowsFor(context.em, PLANT_ENTITY_TYPE, plantId, 200);
