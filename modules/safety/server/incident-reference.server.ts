import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { REFERENCE_CATEGORIES, REFERENCE_DEFAULTS, type ReferenceCategory } from "../domain/incident-fields";
import { type ISafetyIncidentReferenceItem, SafetyIncidentReferenceItem } from "../entities";
import {
  REFERENCE_LISTS_PATH,
  referenceAddSchema,
  referenceArchiveSchema,
  referenceRenameSchema,
} from "./incident-rules";

/**
 * The project's incident reference lists (spec 9 categories). A project gets the construction defaults
 * (domain/incident-fields REFERENCE_DEFAULTS) the first time its lists are read: a category with no rows
 * at all is filled once, in one statement that ignores a concurrent fill; after that the project owns
 * its lists (renamed, added, archived — never deleted, so a list emptied by archiving stays empty).
 */

export const labelKeyOf = (label: string) => label.trim().replace(/\s+/g, " ").toLowerCase();

export async function ensureReferenceDefaults(em: EntityManager, projectId: string): Promise<void> {
  const present = await em.execute<{ category: ReferenceCategory }[]>(
    `select distinct category from safety_incident_reference_item where project_id = ?`,
    [projectId],
  );
  const have = new Set(present.map((row) => row.category));
  const missing = REFERENCE_CATEGORIES.filter((category) => !have.has(category));
  if (missing.length === 0) return;
  const values: unknown[] = [];
  const rows: string[] = [];
  const now = new Date();
  for (const category of missing)
    REFERENCE_DEFAULTS[category].forEach((label, index) => {
      rows.push("(gen_random_uuid(), ?, ?, ?, ?, ?, false, ?, ?)");
      values.push(projectId, category, label, labelKeyOf(label), index, now, now);
    });
  await em.execute(
    `insert into safety_incident_reference_item
       (id, project_id, category, label, label_key, sort_order, archived, created_at, updated_at)
     values ${rows.join(", ")}
     on conflict (project_id, category, label_key) do nothing`,
    values,
  );
}

export type ReferenceItem = { id: string; label: string; archived: boolean };

/** Every list of the project, archived items included (the management page). */
export async function referenceLists(
  em: EntityManager,
  projectId: string,
): Promise<Record<ReferenceCategory, ReferenceItem[]>> {
  await ensureReferenceDefaults(em, projectId);
  const rows = await em.execute<
    { id: string; category: ReferenceCategory; label: string; archived: boolean }[]
  >(
    `select id, category, label, archived from safety_incident_reference_item
     where project_id = ? order by category, sort_order, label_key`,
    [projectId],
  );
  const lists = Object.fromEntries(REFERENCE_CATEGORIES.map((category) => [category, [] as ReferenceItem[]]));
  for (const row of rows) lists[row.category].push({ id: row.id, label: row.label, archived: row.archived });
  return lists as Record<ReferenceCategory, ReferenceItem[]>;
}

/** The choices a form offers: the live labels of each list. */
export async function referenceChoices(
  em: EntityManager,
  projectId: string,
): Promise<Record<ReferenceCategory, string[]>> {
  const lists = await referenceLists(em, projectId);
  return Object.fromEntries(
    REFERENCE_CATEGORIES.map((category) => [
      category,
      lists[category].filter((item) => !item.archived).map((item) => item.label),
    ]),
  ) as Record<ReferenceCategory, string[]>;
}

const duplicate = [message("safety:incident.reference.duplicate")];

/** Add, rename, archive or restore one item (the management page's intents), with an activity entry. */
export async function changeReferenceItem(context: ProjectContext, intent: string, formData: FormData) {
  const { em, project, user } = context;
  const schema =
    intent === "add"
      ? referenceAddSchema
      : intent === "rename"
        ? referenceRenameSchema
        : referenceArchiveSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const value = submission.value as Record<string, string>;
  const outcome = await em.transactional(async (tx) => {
    if (value.intent === "add") {
      const category = value.category as ReferenceCategory;
      const key = labelKeyOf(value.label);
      if (await tx.count(SafetyIncidentReferenceItem, { project: project.id, category, labelKey: key }))
        return "duplicate" as const;
      const [{ next }] = await tx.execute<{ next: number }[]>(
        `select coalesce(max(sort_order), -1) + 1 as next from safety_incident_reference_item where project_id = ? and category = ?`,
        [project.id, category],
      );
      const item = tx.create(SafetyIncidentReferenceItem, {
        project: project.id,
        category,
        label: value.label,
        labelKey: key,
        sortOrder: Number(next),
      } as never) as ISafetyIncidentReferenceItem;
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: "safety-incident-reference",
        entityId: item.id,
        action: "created",
        after: { category, label: value.label },
      });
      return "added" as const;
    }
    const item = await tx.findOne(SafetyIncidentReferenceItem, { id: value.itemId, project: project.id });
    if (!item) throw new Response("Not found", { status: 404 });
    if (value.intent === "rename") {
      const key = labelKeyOf(value.label);
      if (
        key !== item.labelKey &&
        (await tx.count(SafetyIncidentReferenceItem, {
          project: project.id,
          category: item.category,
          labelKey: key,
        }))
      )
        return "duplicate" as const;
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: "safety-incident-reference",
        entityId: item.id,
        action: "renamed",
        before: { label: item.label },
        after: { label: value.label },
      });
      tx.assign(item, { label: value.label, labelKey: key });
      return "renamed" as const;
    }
    const archived = value.intent === "archive";
    if (item.archived !== archived) {
      tx.assign(item, { archived });
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: "safety-incident-reference",
        entityId: item.id,
        action: archived ? "archived" : "restored",
        after: { label: item.label },
      });
    }
    return archived ? ("archived" as const) : ("restored" as const);
  });
  if (outcome === "duplicate")
    return data(submission.reply({ fieldErrors: { label: duplicate } }), { status: 400 });
  return redirectWithToast(REFERENCE_LISTS_PATH, {
    type: "success",
    message: `safety:incident.reference.toast.${outcome}`,
  });
}
