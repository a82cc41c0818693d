import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { canonicalQuantity, centsText, priceCents } from "../domain/docket-money";
import { DOCKET_PERMISSIONS } from "../domain/docket-workflow";
import { DocketItem, type IResourceRate, ResourceRate } from "../entities";
import { docketCompanyChoices } from "./docket-companies.server";
import {
  RATE_INTENTS,
  type RateForm,
  RESOURCE_RATE_ENTITY_TYPE,
  RESOURCE_RATES_PATH,
  rateCreateSchema,
  rateEditSchema,
  rateStepSchema,
} from "./docket-rules";

/**
 * The project's resource rates (settings; spec 6 project_resource_rate_view and the resource actions): the
 * agreed prices docket items are priced from. A rate used by an item is only deactivated, never deleted — the
 * item keeps its own copy of the price either way, and "priced from" stays true.
 */

const P = DOCKET_PERMISSIONS;

export async function loadResourceRates(context: ProjectContext) {
  const { em, project } = context;
  const [rates, used, companies] = await Promise.all([
    em.find(
      ResourceRate,
      { project: project.id },
      { orderBy: { active: "desc", code: "asc" }, populate: ["company"] },
    ),
    em.execute<{ resource_rate_id: string; items: string | number }[]>(
      `select resource_rate_id, count(*) as items from docket_item
        where project_id = ? and resource_rate_id is not null group by resource_rate_id`,
      [project.id],
    ),
    docketCompanyChoices(em, project.id),
  ]);
  const usedBy = new Map(used.map((row) => [row.resource_rate_id, Number(row.items)]));
  return {
    companies: companies.map(({ value, label }) => ({ value, label })),
    rates: rates.map((rate) => ({
      id: rate.id,
      code: rate.code,
      title: rate.title,
      unitOfMeasure: rate.unitOfMeasure,
      unitPriceCents: rate.unitPriceCents,
      totalContractQuantity: rate.totalContractQuantity
        ? canonicalQuantity(rate.totalContractQuantity)
        : null,
      totalContractAmountCents: rate.totalContractAmountCents,
      company: rate.company?.name ?? null,
      costAccount: rate.costAccount,
      active: rate.active,
      items: usedBy.get(rate.id) ?? 0,
      values: {
        code: rate.code,
        title: rate.title,
        unitOfMeasure: rate.unitOfMeasure,
        unitPrice: centsText(rate.unitPriceCents),
        totalContractQuantity: rate.totalContractQuantity
          ? (canonicalQuantity(rate.totalContractQuantity) ?? "")
          : "",
        totalContractAmount:
          rate.totalContractAmountCents == null ? "" : centsText(rate.totalContractAmountCents),
        companyId: rate.company?.id ?? "",
        costAccount: rate.costAccount ?? "",
      },
    })),
    can: {
      create: context.can(P.rateCreate),
      edit: context.can(P.rateEdit),
      delete: context.can(P.rateDelete),
    },
  };
}
export type ResourceRatesPage = Awaited<ReturnType<typeof loadResourceRates>>;

const entityValues = (values: RateForm) => ({
  code: values.code,
  title: values.title,
  unitOfMeasure: values.unitOfMeasure,
  unitPriceCents: priceCents(values.unitPrice) ?? 0,
  totalContractQuantity: values.totalContractQuantity
    ? canonicalQuantity(values.totalContractQuantity)
    : null,
  totalContractAmountCents: values.totalContractAmount ? priceCents(values.totalContractAmount) : null,
  company: values.companyId,
  costAccount: values.costAccount,
});

async function codeTaken(em: EntityManager, projectId: string, code: string, exceptId?: string) {
  const found = await em.findOne(ResourceRate, { project: projectId, code });
  return Boolean(found && found.id !== exceptId);
}

async function rateOf(context: ProjectContext, id: string): Promise<IResourceRate> {
  const rate = await context.em.findOne(ResourceRate, { id, project: context.project.id });
  if (!rate) throw new Response("Not found", { status: 404 });
  return rate;
}

const back = (text: string, params?: Record<string, string>) =>
  redirectWithToast(RESOURCE_RATES_PATH, { type: "success", message: text, params });

/** The settings page's forms: add, edit, deactivate or activate, delete (an unused rate, "I am sure"). */
export async function resourceRateAction(context: ProjectContext, intent: string, formData: FormData) {
  const { em, project, user } = context;
  if (intent === RATE_INTENTS.create || intent === RATE_INTENTS.edit) {
    const submission = parseWithZod(formData, {
      schema: intent === RATE_INTENTS.create ? rateCreateSchema : rateEditSchema,
    });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const values = submission.value as RateForm & { rateId?: string };
    const companies = await docketCompanyChoices(em, project.id);
    if (values.companyId && !companies.some((company) => company.value === values.companyId))
      return data(
        submission.reply({ fieldErrors: { companyId: [message("dockets:messages.choiceNotFound")] } }),
        { status: 400 },
      );
    if (await codeTaken(em, project.id, values.code, values.rateId))
      return data(submission.reply({ fieldErrors: { code: [message("dockets:messages.codeTaken")] } }), {
        status: 400,
      });
    if (values.rateId) {
      const rate = await rateOf(context, values.rateId);
      const before = {
        code: rate.code,
        title: rate.title,
        unitOfMeasure: rate.unitOfMeasure,
        unitPriceCents: rate.unitPriceCents,
        costAccount: rate.costAccount,
      };
      const next = entityValues(values);
      const changed = changedFields(before, {
        code: next.code,
        title: next.title,
        unitOfMeasure: next.unitOfMeasure,
        unitPriceCents: next.unitPriceCents,
        costAccount: next.costAccount,
      });
      await em.transactional(async (tx) => {
        tx.assign(await tx.findOneOrFail(ResourceRate, rate.id), next as never);
        recordActivity(tx, {
          projectId: project.id,
          actorId: user.id,
          entityType: RESOURCE_RATE_ENTITY_TYPE,
          entityId: rate.id,
          action: "updated",
          ...changed,
        });
      });
      return back("dockets:messages.rateSaved", { code: values.code });
    }
    await em.transactional(async (tx) => {
      const rate = tx.create(ResourceRate, { project: project.id, ...entityValues(values) } as never);
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: RESOURCE_RATE_ENTITY_TYPE,
        entityId: rate.id,
        action: "created",
        after: { code: values.code, unitPriceCents: priceCents(values.unitPrice) },
      });
    });
    return back("dockets:messages.rateAdded", { code: values.code });
  }
  const submission = parseWithZod(formData, { schema: rateStepSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const rate = await rateOf(context, submission.value.rateId);
  if (submission.value.intent === RATE_INTENTS.delete) {
    if (!submission.value.confirmed)
      return data(
        submission.reply({ fieldErrors: { confirmed: [message("dockets:messages.confirmRequired")] } }),
        { status: 400 },
      );
    if ((await em.count(DocketItem, { resourceRate: rate.id })) > 0)
      return data(submission.reply({ formErrors: [message("dockets:messages.rateInUse")] }), { status: 409 });
    await em.transactional(async (tx) => {
      tx.remove(tx.getReference(ResourceRate, rate.id));
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: RESOURCE_RATE_ENTITY_TYPE,
        entityId: rate.id,
        action: "deleted",
        before: { code: rate.code, unitPriceCents: rate.unitPriceCents },
      });
    });
    return back("dockets:messages.rateDeleted", { code: rate.code });
  }
  const active = submission.value.intent === RATE_INTENTS.activate;
  await em.transactional(async (tx) => {
    tx.assign(await tx.findOneOrFail(ResourceRate, rate.id), { active } as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: RESOURCE_RATE_ENTITY_TYPE,
      entityId: rate.id,
      action: "updated",
      before: { active: rate.active },
      after: { active },
    });
  });
  return back(active ? "dockets:messages.rateActivated" : "dockets:messages.rateDeactivated", {
    code: rate.code,
  });
}
