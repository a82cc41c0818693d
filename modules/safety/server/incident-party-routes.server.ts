import { readForm } from "~/server/http/form.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { deleteParty, type PartyKind, partyOf, saveParty } from "./incident-parties.server";
import { incidentById, sectionsFor } from "./incidents.server";

/**
 * The six victim and witness routes' loaders and actions, shared: each route guards itself (requireRoute) and
 * names its kind.
 */

const incidentOf = (incident: { id: string; number: string; title: string }) => ({
  id: incident.id,
  number: incident.number,
  title: incident.title,
});

export async function partyCreateLoader(context: ProjectContext, incidentId: string | undefined) {
  const incident = await incidentById(context, incidentId);
  if (!sectionsFor(context, incident).includes("injury")) throw new Response("Forbidden", { status: 403 });
  return { incident: incidentOf(incident), party: null };
}

export async function partyCreateAction(
  context: ProjectContext,
  request: Request,
  kind: PartyKind,
  incidentId: string | undefined,
) {
  const incident = await incidentById(context, incidentId);
  return saveParty(context, kind, incident.id, null, await readForm(request));
}

export async function partyLoader(
  context: ProjectContext,
  kind: PartyKind,
  incidentId: string | undefined,
  partyId: string | undefined,
  editing: boolean,
) {
  const { incident, party } = await partyOf(context, kind, incidentId ?? "", partyId);
  const canEdit = sectionsFor(context, incident).includes("injury");
  if (editing && !canEdit) throw new Response("Forbidden", { status: 403 });
  return { incident: incidentOf(incident), party, canEdit };
}

export async function partyEditAction(
  context: ProjectContext,
  request: Request,
  kind: PartyKind,
  incidentId: string | undefined,
  partyId: string | undefined,
) {
  const { incident, party } = await partyOf(context, kind, incidentId ?? "", partyId);
  return saveParty(context, kind, incident.id, party.id, await readForm(request));
}

/** The removal, once the route has checked its intent (the manifest's `delete`). */
export async function partyDeleteAction(
  context: ProjectContext,
  kind: PartyKind,
  incidentId: string | undefined,
  partyId: string | undefined,
) {
  const { incident, party } = await partyOf(context, kind, incidentId ?? "", partyId);
  return deleteParty(context, kind, incident.id, party.id);
}
