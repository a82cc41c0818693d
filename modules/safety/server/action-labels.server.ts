import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * The actions' small shared reads, kept apart from actions.server.ts (forms, uploads, notifications) so
 * the register's query (action-register.server.ts) loads without them: the benchmark replays it under
 * plain Node (bench/run.ts), where the translations' Vite glob does not exist.
 */

/**
 * The labels the project's actions use, for the form's suggestions and the register's filter. A skip scan
 * of the (project, label) index: each step reads the first label after the previous one, so 30 labels are
 * 31 index probes whatever the number of actions (a `select distinct` reads every labelled action: 11 ms at
 * 100,000, on every register page).
 */
export async function actionLabels(em: EntityManager, projectId: string): Promise<string[]> {
  const rows = await em.execute<{ label: string }[]>(
    `with recursive labels(label) as (
       (select label from safety_action where project_id = ? and label is not null order by label limit 1)
       union all
       select (select a.label from safety_action a where a.project_id = ? and a.label > labels.label
               order by a.label limit 1)
       from labels where labels.label is not null
     )
     select label from labels where label is not null limit 200`,
    [projectId, projectId],
  );
  return rows.map((row) => row.label);
}
