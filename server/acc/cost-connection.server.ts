import type { EntityManager } from "@mikro-orm/postgresql";
import { type AccCostSettings, type AccCostStatus, accCostStatus } from "~/plugins/acc/index.server";
import { AccCostConnection, type IAccCostConnection } from "~/server/db/entities";
import { PROJECT_SCOPE } from "~/server/db/project-scope";
import { decryptSecret } from "~/server/documents/secret.server";

/**
 * A project's ACC Cost Management connection (the `acc_cost_connection` row), for every module that posts to
 * or reads from ACC Cost: Dockets' posting job, Cost and Commercial's package sync. No row, or a secret that no
 * longer decrypts (SESSION_SECRET changed): not connected — nothing pretends to post.
 */

/** Named explicitly, so these work on any EntityManager (a job's, another project's request). */
const inProject = (projectId: string) => ({ filters: { [PROJECT_SCOPE]: { projectId } } });

export function findAccCostConnection(em: EntityManager, projectId: string) {
  return em.findOne(AccCostConnection, { project: projectId }, inProject(projectId));
}

function settingsOf(row: IAccCostConnection | null): AccCostSettings | null {
  if (!row) return null;
  const clientSecret = decryptSecret(row.clientSecret);
  if (clientSecret === null) return null;
  return {
    clientId: row.clientId,
    clientSecret,
    containerId: row.containerId,
    ...(row.baseUrl ? { baseUrl: row.baseUrl } : {}),
  };
}

/** The project's settings for `accCostClientFor`, and whether they can reach ACC at all. */
export async function projectAccCost(
  em: EntityManager,
  projectId: string,
): Promise<{ status: AccCostStatus; settings: AccCostSettings | null }> {
  const settings = settingsOf(await findAccCostConnection(em, projectId));
  return { status: accCostStatus(settings), settings };
}
