import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { GlobalSetting, ProjectSetting, User } from "~/server/db/entities";
import { PROJECT_SCOPE } from "~/server/db/project-scope";
import { registry } from "~/server/registry";
import { defaultsOf, effectiveValues } from "./settings-fields";

export type SettingsScope = "project" | "global";

/** One settings form a module declares in its manifest. */
export type SettingsFormRef = { moduleId: string; form: string; schema: z.ZodObject };

/** Where values are stored: per project (ProjectSetting) or once for the product (GlobalSetting). */
export type SettingsTarget = { scope: "project"; projectId: string } | { scope: "global" };

/** The settings forms of the modules of a scope, in the order of the module list. */
export function settingsForms(scope: SettingsScope): SettingsFormRef[] {
  return registry()
    .modules.filter((module) => module.scope === scope)
    .flatMap((module) =>
      Object.entries(module.settings).map(([form, schema]) => ({ moduleId: module.id, form, schema })),
    );
}

export function findSettingsForm(
  scope: SettingsScope,
  moduleId: string,
  form: string,
): SettingsFormRef | undefined {
  return settingsForms(scope).find((ref) => ref.moduleId === moduleId && ref.form === form);
}

function requireSettingsForm(scope: SettingsScope, moduleId: string, form: string): SettingsFormRef {
  const ref = findSettingsForm(scope, moduleId, form);
  if (!ref) throw new Error(`No ${scope} settings form "${form}" is declared by module "${moduleId}"`);
  return ref;
}

/** The activity log keeps one history per form, whatever rows come and go with resets. */
export const settingsEntityId = (ref: Pick<SettingsFormRef, "moduleId" | "form">) =>
  `${ref.moduleId}.${ref.form}`;

// ProjectSetting rows are scoped to the request's project; naming the project here makes these helpers
// work on any EntityManager (a job, another project's request) without reading another project's rows.
const inProject = (projectId: string) => ({ filters: { [PROJECT_SCOPE]: { projectId } } });

async function findRow(em: EntityManager, target: SettingsTarget, ref: SettingsFormRef) {
  const where = { moduleId: ref.moduleId, form: ref.form };
  return target.scope === "project"
    ? em.findOne(ProjectSetting, { ...where, project: target.projectId }, inProject(target.projectId))
    : em.findOne(GlobalSetting, where);
}

/** Stored values of every form of a target, by `moduleId.form`. */
export async function storedSettingsByForm(
  em: EntityManager,
  target: SettingsTarget,
): Promise<Map<string, Record<string, unknown>>> {
  const rows =
    target.scope === "project"
      ? await em.find(ProjectSetting, { project: target.projectId }, inProject(target.projectId))
      : await em.find(GlobalSetting, {});
  return new Map(rows.map((row) => [settingsEntityId(row), row.values]));
}

/**
 * A module's settings for a project: the stored values with the schema's defaults for what is not
 * stored (or no longer valid). Modules call it to decide, e.g., whether to send a notification.
 */
export async function readProjectSettings<T extends Record<string, unknown> = Record<string, unknown>>(
  em: EntityManager,
  projectId: string,
  moduleId: string,
  form: string,
): Promise<T> {
  const ref = requireSettingsForm("project", moduleId, form);
  const row = await findRow(em, { scope: "project", projectId }, ref);
  return effectiveValues(ref.schema, row?.values) as T;
}

/** A module's settings for the whole product, with defaults for what is not stored. */
export async function readGlobalSettings<T extends Record<string, unknown> = Record<string, unknown>>(
  em: EntityManager,
  moduleId: string,
  form: string,
): Promise<T> {
  const ref = requireSettingsForm("global", moduleId, form);
  const row = await findRow(em, { scope: "global" }, ref);
  return effectiveValues(ref.schema, row?.values) as T;
}

type SettingsChange = { target: SettingsTarget; ref: SettingsFormRef; actorId: string };

const entityTypeOf = (target: SettingsTarget) =>
  target.scope === "project" ? "ProjectSetting" : "GlobalSetting";
const projectIdOf = (target: SettingsTarget) => (target.scope === "project" ? target.projectId : null);

/**
 * Stores a form's validated values and logs the fields that changed, in one transaction. A save that
 * changes none of the values in force writes nothing.
 */
export async function saveSettings(
  em: EntityManager,
  { target, ref, actorId, values }: SettingsChange & { values: Record<string, unknown> },
): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await findRow(tx as EntityManager, target, ref);
    const { before, after } = changedFields(effectiveValues(ref.schema, row?.values), values);
    if (Object.keys(after).length === 0) return;
    if (row) {
      row.values = values;
      row.updatedBy = tx.getReference(User, actorId);
    } else if (target.scope === "project") {
      tx.create(ProjectSetting, {
        project: target.projectId,
        moduleId: ref.moduleId,
        form: ref.form,
        values,
        updatedBy: actorId,
      });
    } else {
      tx.create(GlobalSetting, { moduleId: ref.moduleId, form: ref.form, values, updatedBy: actorId });
    }
    recordActivity(tx as EntityManager, {
      projectId: projectIdOf(target),
      actorId,
      entityType: entityTypeOf(target),
      entityId: settingsEntityId(ref),
      action: "updated",
      before,
      after,
    });
  });
}

/** Deletes a form's stored values, so the schema's defaults apply again. False when nothing was stored. */
export async function resetSettings(
  em: EntityManager,
  { target, ref, actorId }: SettingsChange,
): Promise<boolean> {
  return em.transactional(async (tx) => {
    const row = await findRow(tx as EntityManager, target, ref);
    if (!row) return false;
    const { before, after } = changedFields(effectiveValues(ref.schema, row.values), defaultsOf(ref.schema));
    tx.remove(row);
    recordActivity(tx as EntityManager, {
      projectId: projectIdOf(target),
      actorId,
      entityType: entityTypeOf(target),
      entityId: settingsEntityId(ref),
      action: "reset",
      before,
      after,
    });
    return true;
  });
}
