import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { ICompany, IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { addMember, createCompany, createUser } from "~/tests/factories";
import { signedInMember } from "~/tests/setup/requests";
import { DOWNSTREAM_PERMISSIONS } from "../domain/downstream-workflow";
import { type ISubcontract, Subcontract } from "../entities";

/** Downstream tests' people, companies and records. */

const P = DOWNSTREAM_PERMISSIONS;

/** A commercial manager with every downstream right, a viewer, and one who edits but may not change the supplier. */
export async function downstreamTeam(em: EntityManager, project: IProject) {
  const manager = await signedInMember(em, project, Object.values(P), { name: "Dana Downstream" });
  const viewer = await signedInMember(em, project, [P.view, P.viewRegister], { name: "Vic Viewer" });
  const editor = await signedInMember(em, project, [P.view, P.edit, P.create], { name: "Eddie Editor" });
  return { manager, viewer, editor };
}

/** A company working on the project (one of its members belongs to it). */
export async function projectCompany(em: EntityManager, project: IProject, name: string): Promise<ICompany> {
  const company = await createCompany(em, { name });
  await addMember(em, { project, user: await createUser(em), company });
  return company;
}

/** A subcontract stored directly (NSW, 5 % retention, executed), with overrides. */
export async function makeSubcontract(
  em: EntityManager,
  project: IProject,
  company: ICompany,
  overrides: Record<string, unknown> = {},
): Promise<ISubcontract> {
  const scoped = scopeToProject(em, project.id);
  const subcontract = scoped.create(Subcontract, {
    project,
    code: "SC-001",
    title: "Formwork to the piers",
    company,
    type: "schedule_of_rates",
    contractSumCents: 250_000_00,
    jurisdiction: "NSW",
    retentionBasisPoints: 500,
    status: "executed",
    ...overrides,
  } as never) as ISubcontract;
  await scoped.flush();
  return subcontract;
}

/**
 * A site docket of the subcontract, written straight to the Dockets module's table: this module may not import
 * Dockets, and a claim reaches its dockets only through subcontract.work, which these tests exercise for real.
 */
export async function insertDocket(
  em: EntityManager,
  input: {
    project: IProject;
    company: ICompany;
    subcontractId: string;
    number: string;
    docketDate: string;
    totalCents: number;
    status?: "draft" | "approved" | "posted";
  },
) {
  const id = randomUUID();
  await em.execute(
    `insert into docket (id, project_id, "number", docket_date, status, company_id, subcontract_id, total_cents, created_at, updated_at)
     values (?, ?, ?, ?::date, ?, ?, ?, ?, now(), now())`,
    [
      id,
      input.project.id,
      input.number,
      input.docketDate,
      input.status ?? "approved",
      input.company.id,
      input.subcontractId,
      input.totalCents,
    ],
  );
  return id;
}

/** The claim each docket is in (null: free for the next claim). */
export async function docketClaims(em: EntityManager, ids: readonly string[]) {
  const rows = await em.execute<{ id: string; claim_id: string | null }[]>(
    `select id, claim_id from docket where id in (${ids.map(() => "?").join(", ")})`,
    [...ids],
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.claim_id]));
}
