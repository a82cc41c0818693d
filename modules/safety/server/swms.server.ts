import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { activityRowsFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import {
  discardUploads,
  isUploadError,
  parseUpload,
  type StoredUpload,
  saveAttachmentRecords,
  UPLOAD_LIMITS,
  uploadErrorMessage,
} from "~/server/uploads/index.server";
import { recordFiles } from "~/server/uploads/record-files.server";
import { riskOf } from "../domain/swms-reference";
import {
  availableSwmsSteps,
  isSwmsEditable,
  SWMS_PERMISSIONS,
  type SwmsFacts,
  type SwmsRelation,
} from "../domain/swms-workflow";
import { type ISafetySwms, SafetySwms, SafetySwmsStep } from "../entities";
import { SWMS_ENTITY_TYPE, type SwmsForm, swmsFormSchema, swmsPath } from "./swms-rules";

/**
 * SWMS on the server: who sees which (the subcontractor view), the form (written or uploaded), the detail
 * page and who the user is to a SWMS. Decision 037.
 */

const P = SWMS_PERMISSIONS;

/**
 * What this user sees: every SWMS of the project with `view`; with only `subcontractor-view`, the SWMS of
 * their own company (their membership's) — none when their membership names no company.
 */
export function swmsScopeOf(
  context: ProjectContext,
): { all: true } | { all: false; companyId: string | null } {
  if (context.can(P.view)) return { all: true };
  return { all: false, companyId: context.membership?.company?.id ?? null };
}

/** The companies a SWMS may be for: those of the project's members (a subcontractor: only their own). */
export async function swmsCompanyChoices(context: ProjectContext) {
  const scope = swmsScopeOf(context);
  const rows = await context.em.execute<{ id: string; name: string }[]>(
    `select distinct c.id, c.name from project_member m join company c on c.id = m.company_id
     where m.project_id = ? ${scope.all ? "" : "and c.id = ?"} order by c.name`,
    scope.all ? [context.project.id] : [context.project.id, scope.companyId],
  );
  return rows.map((row) => ({ value: row.id, label: row.name }));
}

/** Who the user is to the SWMS; a super admin is its author and a reviewer who did not do its initial review. */
export function swmsRelationOf(context: ProjectContext, swms: ISafetySwms): SwmsRelation {
  if (context.user.isSuperAdmin) return { isAuthor: true, isReviewer: true, isInitialReviewer: false };
  const ownCompany = context.membership?.company?.id ?? null;
  return {
    isAuthor:
      swms.createdBy?.id === context.user.id ||
      (ownCompany !== null && ownCompany === swms.company.id && context.can(P.create)),
    isReviewer: context.can(P.review),
    isInitialReviewer: swms.initialReviewer?.id === context.user.id,
  };
}

/** What the table's guards read: high-risk, its categories, and something to review (steps or a file). */
export async function swmsFactsOf(em: EntityManager, swms: ISafetySwms): Promise<SwmsFacts> {
  const content =
    swms.type === "system"
      ? await em.count(SafetySwmsStep, { swms: swms.id })
      : Number(
          (
            await em.execute<{ n: string }[]>(
              `select count(*) as n from attachment where entity_type = ? and entity_id = ?`,
              [SWMS_ENTITY_TYPE, swms.id],
            )
          )[0]?.n ?? 0,
        );
  return { highRisk: swms.highRisk, categories: swms.highRiskCategories.length, hasContent: content > 0 };
}

/** The SWMS of a URL as this user may see it, or a 404 (a subcontractor never learns of another's). */
export async function swmsById(context: ProjectContext, id: string | undefined): Promise<ISafetySwms> {
  const swms = isUuid(id)
    ? await context.em.findOne(
        SafetySwms,
        { id, project: context.project.id },
        { populate: ["company", "createdBy", "initialReviewer", "signedOffBy"] },
      )
    : null;
  const scope = swmsScopeOf(context);
  if (!swms || (!scope.all && swms.company.id !== scope.companyId))
    throw new Response("Not found", { status: 404 });
  return swms;
}

/** Its fields and steps are changed by its author or a reviewer holding edit, while the author has it. */
export function canEditSwms(context: ProjectContext, swms: ISafetySwms): boolean {
  const relation = swmsRelationOf(context, swms);
  return isSwmsEditable(swms.status) && context.can(P.edit) && (relation.isAuthor || relation.isReviewer);
}

// ---------------------------------------------------------------------------------------------------
// The uploaded file (a product SWMS): core record files, so each upload is in the SWMS's activity log.

export const swmsFiles = recordFiles<ISafetySwms>({
  entityType: SWMS_ENTITY_TYPE,
  pagePath: swmsPath,
  find: (context, id) => swmsById(context, id),
  isContributor: (context, swms) => canEditSwms(context, swms),
  stateRefusal: (swms) => (isSwmsEditable(swms.status) ? null : "safety:swms.errors.notEditable"),
  messages: { noFile: "safety:swms.errors.fileRequired", added: "safety:swms.toast.updated" },
});

// ---------------------------------------------------------------------------------------------------
// The form

type Parsed =
  | { ok: true; values: SwmsForm; files: StoredUpload[] }
  | { ok: false; response: ReturnType<typeof data> };

/**
 * Reads the multipart form (the fields and an uploaded SWMS file): the file streams to storage first (100 MB),
 * then the fields are checked, the company against those this user may choose; a refused form keeps no file.
 */
async function readSwmsForm(
  context: ProjectContext,
  request: Request,
  fileRequired: boolean,
): Promise<Parsed> {
  let fields: FormData;
  let files: StoredUpload[];
  try {
    ({ fields, files } = await parseUpload(request, { maxBytes: UPLOAD_LIMITS.standard }));
  } catch (error) {
    if (!isUploadError(error)) throw error;
    return {
      ok: false,
      response: data({ status: "error", error: { file: [uploadErrorMessage(error)] } }, { status: 400 }),
    };
  }
  const submission = parseWithZod(fields, { schema: swmsFormSchema });
  if (submission.status !== "success") {
    await discardUploads(files);
    return { ok: false, response: data(submission.reply(), { status: 400 }) };
  }
  const values = submission.value;
  const fieldErrors: Record<string, string[]> = {};
  const companies = await swmsCompanyChoices(context);
  if (!companies.some((company) => company.value === values.companyId))
    fieldErrors.companyId = [message("safety:swms.errors.choiceNotFound")];
  if (values.type === "product" && fileRequired && files.length === 0)
    fieldErrors.file = [message("safety:swms.errors.fileRequired")];
  if (values.type === "system") {
    // A written SWMS keeps no file.
    await discardUploads(files);
    files = [];
  }
  if (Object.keys(fieldErrors).length > 0) {
    await discardUploads(files);
    return { ok: false, response: data(submission.reply({ fieldErrors }), { status: 400 }) };
  }
  return { ok: true, values, files };
}

/** Flushes the SWMS, then records its uploaded files (each an "attachment-added" entry of its log). */
async function saveFiles(tx: EntityManager, context: ProjectContext, swmsId: string, files: StoredUpload[]) {
  await tx.flush();
  if (files.length === 0) return;
  await saveAttachmentRecords(tx, {
    projectId: context.project.id,
    entityType: SWMS_ENTITY_TYPE,
    entityId: swmsId,
    files,
    uploadedBy: context.user.id,
  });
}

function writeSteps(tx: EntityManager, projectId: string, swmsId: string, steps: SwmsForm["steps"]) {
  steps.forEach((step, index) => {
    tx.create(SafetySwmsStep, { project: projectId, swms: swmsId, sortOrder: index, ...step } as never);
  });
}

/**
 * Creates a SWMS: written (a draft, with its steps) or uploaded (swms uploaded, with its file), numbered
 * SWMS-0001 per project, with a "created" entry. Nothing is written when the form is refused.
 */
export async function createSwms(context: ProjectContext, request: Request) {
  const { em, project, user } = context;
  const parsed = await readSwmsForm(context, request, true);
  if (!parsed.ok) return parsed.response;
  const { values, files } = parsed;
  let created: ISafetySwms;
  try {
    created = await em.transactional(async (tx) => {
      const swms = tx.create(SafetySwms, {
        project: project.id,
        number: await nextNumber(tx, project.id, "SWMS"),
        title: values.title,
        type: values.type,
        company: values.companyId,
        description: values.description || null,
        highRisk: values.highRisk,
        highRiskCategories: values.highRiskCategories,
        status: values.type === "product" ? "swms_uploaded" : "draft",
        createdBy: user.id,
      } as never) as ISafetySwms;
      writeSteps(tx, project.id, swms.id, values.steps);
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: SWMS_ENTITY_TYPE,
        entityId: swms.id,
        action: "created",
        after: { number: swms.number, status: swms.status, type: swms.type, title: swms.title },
      });
      await saveFiles(tx, context, swms.id, files);
      return swms;
    });
  } catch (error) {
    await discardUploads(files);
    throw error;
  }
  return redirectWithToast(swmsPath(created.id), {
    type: "success",
    message: "safety:swms.toast.created",
    params: { number: created.number },
  });
}

const stepFields = (step: {
  activity: string;
  hazards: string;
  controls: string;
  likelihoodBefore: string;
  consequenceBefore: string;
  likelihoodAfter: string;
  consequenceAfter: string;
}) => ({
  activity: step.activity,
  hazards: step.hazards,
  controls: step.controls,
  likelihoodBefore: step.likelihoodBefore,
  consequenceBefore: step.consequenceBefore,
  likelihoodAfter: step.likelihoodAfter,
  consequenceAfter: step.consequenceAfter,
});

/**
 * Saves the edit form: the fields, the steps (replaced as written), a new file for an uploaded SWMS (the
 * earlier ones are kept: its revisions), with an "updated" entry of what changed. The type stays as made.
 */
export async function editSwms(context: ProjectContext, swms: ISafetySwms, request: Request) {
  const { em, project, user } = context;
  const parsed = await readSwmsForm(context, request, false);
  if (!parsed.ok) return parsed.response;
  const { files } = parsed;
  const values = { ...parsed.values, steps: swms.type === "system" ? parsed.values.steps : [] };
  let saved: boolean;
  try {
    saved = await em.transactional(async (tx) => {
      const current = await tx.findOne(SafetySwms, { id: swms.id, project: project.id });
      if (!current || !isSwmsEditable(current.status)) return false;
      const steps = await tx.find(SafetySwmsStep, { swms: swms.id }, { orderBy: { sortOrder: "asc" } });
      const before = {
        title: current.title,
        companyId: current.company.id,
        description: current.description ?? null,
        highRisk: current.highRisk,
        highRiskCategories: [...current.highRiskCategories].sort().join(","),
        steps: JSON.stringify(steps.map(stepFields)),
      };
      const after = {
        title: values.title,
        companyId: values.companyId,
        description: values.description || null,
        highRisk: values.highRisk,
        highRiskCategories: [...values.highRiskCategories].sort().join(","),
        steps: JSON.stringify(values.steps.map(stepFields)),
      };
      const changed = changedFields(before, after);
      if (Object.keys(changed.after).length > 0) {
        tx.assign(current, {
          title: values.title,
          company: values.companyId,
          description: after.description,
          highRisk: values.highRisk,
          highRiskCategories: values.highRiskCategories,
        } as never);
        const stepsChanged = "steps" in changed.after;
        if (stepsChanged) {
          for (const step of steps) tx.remove(step);
          writeSteps(tx, project.id, swms.id, values.steps);
        }
        recordActivity(tx, {
          projectId: project.id,
          actorId: user.id,
          entityType: SWMS_ENTITY_TYPE,
          entityId: swms.id,
          action: "updated",
          // The steps as counts: the log says they changed, the page shows them.
          before: { ...changed.before, ...(stepsChanged ? { steps: steps.length } : {}) },
          after: { ...changed.after, ...(stepsChanged ? { steps: values.steps.length } : {}) },
        });
      }
      await saveFiles(tx, context, swms.id, files);
      return true;
    });
  } catch (error) {
    await discardUploads(files);
    throw error;
  }
  if (!saved) {
    await discardUploads(files);
    return data(
      { status: "error", error: { "": [message("safety:swms.errors.notEditable")] } },
      { status: 409 },
    );
  }
  return redirectWithToast(swmsPath(swms.id), {
    type: "success",
    message: "safety:swms.toast.updated",
    params: { number: swms.number },
  });
}

/** The values the edit form starts from. */
export async function swmsFormValues(em: EntityManager, swms: ISafetySwms) {
  const steps = await em.find(SafetySwmsStep, { swms: swms.id }, { orderBy: { sortOrder: "asc" } });
  return {
    type: swms.type,
    title: swms.title,
    companyId: swms.company.id,
    description: swms.description ?? "",
    highRisk: swms.highRisk,
    highRiskCategories: [...swms.highRiskCategories],
    steps: steps.map(stepFields),
  };
}
export type SwmsFormValues = Awaited<ReturnType<typeof swmsFormValues>>;

// ---------------------------------------------------------------------------------------------------
// One SWMS

export async function loadSwmsDetail(
  context: ProjectContext,
  swms: ISafetySwms,
  tab: "details" | "activity",
) {
  const { em } = context;
  const relation = swmsRelationOf(context, swms);
  const [steps, files, facts, entries] = await Promise.all([
    em.find(SafetySwmsStep, { swms: swms.id }, { orderBy: { sortOrder: "asc" } }),
    swmsFiles.list(context, swms),
    swmsFactsOf(em, swms),
    tab === "activity" ? activityRowsFor(em, SWMS_ENTITY_TYPE, swms.id, 200) : Promise.resolve([]),
  ]);
  return {
    id: swms.id,
    number: swms.number,
    title: swms.title,
    type: swms.type,
    status: swms.status,
    company: swms.company.name,
    description: swms.description ?? null,
    highRisk: swms.highRisk,
    highRiskCategories: [...swms.highRiskCategories],
    createdBy: swms.createdBy?.name ?? null,
    createdAt: swms.createdAt.toISOString(),
    submittedAt: swms.submittedAt?.toISOString() ?? null,
    initialReviewer: swms.initialReviewer?.name ?? null,
    signedOffBy: swms.signedOffBy?.name ?? null,
    signedOffAt: swms.signedOffAt?.toISOString() ?? null,
    steps: steps.map((step) => ({
      id: step.id,
      ...stepFields(step),
      before: riskOf(step.likelihoodBefore, step.consequenceBefore),
      after: riskOf(step.likelihoodAfter, step.consequenceAfter),
    })),
    // Newest first: the first is the SWMS as it stands, the others its earlier revisions.
    files: [...files].reverse(),
    workflow: availableSwmsSteps(swms.status, grantedKeysOf(context), relation, facts).map((row) => ({
      action: row.action,
      confirm: Boolean(row.confirm),
      requiresComment: Boolean(row.requiresComment),
    })),
    activity: entries,
  };
}
export type SwmsDetail = Awaited<ReturnType<typeof loadSwmsDetail>>;
