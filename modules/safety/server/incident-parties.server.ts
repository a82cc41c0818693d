import { parseWithZod } from "@conform-to/zod/v4";
import { LockMode } from "@mikro-orm/core";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { scopeToProject } from "~/server/db/project-scope";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { SafetyIncident, SafetyIncidentVictim, SafetyIncidentWitness } from "../entities";
import { INCIDENT_ENTITY_TYPE, incidentPartySchema, incidentViewPath } from "./incident-rules";
import { incidentById, sectionsFor } from "./incidents.server";

/**
 * Victims and witnesses (the /victims and /witness sub-pages): part of the injury details section, so
 * changed by whoever may change that section now (domain editableSections).
 */

export type PartyKind = "victims" | "witness";

const entityOf = (kind: PartyKind) => (kind === "victims" ? SafetyIncidentVictim : SafetyIncidentWitness);

export async function partyOf(
  context: ProjectContext,
  kind: PartyKind,
  incidentId: string,
  partyId: string | undefined,
) {
  const incident = await incidentById(context, incidentId);
  const row = isUuid(partyId)
    ? await context.em.findOne(entityOf(kind) as typeof SafetyIncidentVictim, {
        id: partyId,
        incident: incident.id,
      })
    : null;
  if (!row) throw new Response("Not found", { status: 404 });
  const account =
    kind === "victims"
      ? (row as { harm?: string | null }).harm
      : (row as unknown as { statement?: string | null }).statement;
  return {
    incident,
    party: {
      id: row.id,
      fullName: row.fullName,
      contact: row.contact ?? null,
      company: row.company ?? null,
      account: account ?? null,
    },
  };
}

/** Creates (no partyId) or changes a victim or a witness, with an entry on the incident's log. */
export async function saveParty(
  context: ProjectContext,
  kind: PartyKind,
  incidentId: string,
  partyId: string | null,
  formData: FormData,
) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: incidentPartySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { account, ...rest } = submission.value;
  const values = { ...rest, ...(kind === "victims" ? { harm: account } : { statement: account }) };
  const result = await em.transactional(async (transaction) => {
    const tx = scopeToProject(transaction, project.id);
    const incident = await tx.findOne(
      SafetyIncident,
      { id: incidentId, project: project.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!incident) throw new Response("Not found", { status: 404 });
    await tx.populate(incident, ["reporter", "shePerson"]);
    if (!sectionsFor(context, incident).includes("injury")) return null;
    const entity = entityOf(kind) as typeof SafetyIncidentVictim;
    let id = partyId;
    if (partyId) {
      const row = await tx.findOne(entity, { id: partyId, incident: incident.id });
      if (!row) throw new Response("Not found", { status: 404 });
      tx.assign(row, values as never);
    } else
      id = (tx.create(entity, { project: project.id, incident, ...values } as never) as { id: string }).id;
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: INCIDENT_ENTITY_TYPE,
      entityId: incident.id,
      action: `${kind === "victims" ? "victim" : "witness"}-${partyId ? "updated" : "added"}`,
      after: { name: values.fullName },
    });
    return { incident, id: id as string };
  });
  if (!result)
    return data(submission.reply({ formErrors: [message("safety:incident.errors.notEditable")] }), {
      status: 409,
    });
  return redirectWithToast(`${incidentViewPath(incidentId)}#people`, {
    type: "success",
    message: `safety:incident.toast.${kind === "victims" ? "victim" : "witness"}Saved`,
    params: { name: values.fullName },
  });
}

export async function deleteParty(
  context: ProjectContext,
  kind: PartyKind,
  incidentId: string,
  partyId: string,
) {
  const { em, project, user } = context;
  const removed = await em.transactional(async (transaction) => {
    const tx = scopeToProject(transaction, project.id);
    const incident = await tx.findOne(
      SafetyIncident,
      { id: incidentId, project: project.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!incident) throw new Response("Not found", { status: 404 });
    await tx.populate(incident, ["reporter", "shePerson"]);
    if (!sectionsFor(context, incident).includes("injury")) return null;
    const row = await tx.findOne(entityOf(kind) as typeof SafetyIncidentVictim, {
      id: partyId,
      incident: incident.id,
    });
    if (!row) throw new Response("Not found", { status: 404 });
    tx.remove(row);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: INCIDENT_ENTITY_TYPE,
      entityId: incident.id,
      action: `${kind === "victims" ? "victim" : "witness"}-deleted`,
      before: { name: row.fullName },
    });
    return row.fullName;
  });
  if (removed === null)
    return data(
      { status: "error", error: { "": [message("safety:incident.errors.notEditable")] } },
      { status: 409 },
    );
  return redirectWithToast(`${incidentViewPath(incidentId)}#people`, {
    type: "success",
    message: "safety:incident.toast.personDeleted",
    params: { name: removed },
  });
}
