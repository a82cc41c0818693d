import type { EntityManager } from "@mikro-orm/postgresql";
import { AccCostConnection, type IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { encryptSecret } from "~/server/documents/secret.server";
import { signedInMember } from "~/tests/setup/requests";
import { UPSTREAM_PERMISSIONS } from "../domain/head-contract-workflow";
import { HeadContract, type IHeadContract } from "../entities";

/** Upstream tests' people and records. */

const P = UPSTREAM_PERMISSIONS;

/** A commercial manager with every upstream right, and a viewer who only looks. */
export async function upstreamTeam(em: EntityManager, project: IProject) {
  const manager = await signedInMember(em, project, Object.values(P), { name: "Cara Commercial" });
  const viewer = await signedInMember(em, project, [P.view], { name: "Vic Viewer" });
  return { manager, viewer };
}

/** A head contract stored directly (NSW, 5 % retention), with overrides. */
export async function makeHeadContract(
  em: EntityManager,
  project: IProject,
  overrides: Record<string, unknown> = {},
): Promise<IHeadContract> {
  const scoped = scopeToProject(em, project.id);
  const contract = scoped.create(HeadContract, {
    project,
    code: "HC-001",
    description: "Bridge over the creek",
    client: "Roads Authority",
    type: "lump_sum",
    contractSumCents: 1_000_000_00,
    jurisdiction: "NSW",
    retentionBasisPoints: 500,
    status: "executed",
    ...overrides,
  } as never) as IHeadContract;
  await scoped.flush();
  return contract;
}

/** The project's ACC Cost connection, to a server at `baseUrl` (the fake one in tests). */
export async function connectAccCost(
  em: EntityManager,
  project: IProject,
  app: { clientId: string; clientSecret: string; containerId: string; url: string },
) {
  const scoped = scopeToProject(em, project.id);
  scoped.create(AccCostConnection, {
    project,
    clientId: app.clientId,
    clientSecret: encryptSecret(app.clientSecret),
    containerId: app.containerId,
    baseUrl: app.url,
  } as never);
  await scoped.flush();
}
