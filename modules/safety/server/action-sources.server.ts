import type { EntityManager } from "@mikro-orm/postgresql";
import { isUuid } from "~/server/http/responses";
import {
  SafetyAction,
  SafetyAuditCriterion,
  SafetyEnforcementScan,
  SafetyIncident,
  SafetyObservation,
} from "../entities";
import type { ActionSourceType } from "./action-basics";
import { CRITERION_ENTITY_TYPE, criteriaDetailsPath } from "./audit-basics";
import { ENFORCEMENT_ENTITY_TYPE, enforcementPath } from "./enforcement-basics";
import { INCIDENT_ENTITY_TYPE, incidentViewPath } from "./incident-basics";
import { OBSERVATION_ENTITY_TYPE, observationPath } from "./observation-basics";

/**
 * The records an action can be raised from, both ways: the action's "Raised from" names and links its
 * source, and the source's page lists the actions raised from it (SafetyAction.sourceType / sourceId, on
 * their index). An incident's corrective action plan raises its actions at "submit investigation".
 */
export type ActionSource = {
  type: ActionSourceType;
  id: string;
  /** "OBS-0003 Unguarded edge at the stair core". */
  label: string;
  href: string;
  /** The source's activity-log entity type: "action raised" is written in its history. */
  entityType: string;
  /** What the new action's form starts from. */
  title: string;
  description: string;
};

export async function actionSourceOf(
  em: EntityManager,
  projectId: string,
  type: ActionSourceType | null | undefined,
  id: string | null | undefined,
): Promise<ActionSource | null> {
  if (!type || !isUuid(id)) return null;
  if (type === "observation") {
    const observation = await em.findOne(SafetyObservation, { id, project: projectId });
    if (!observation) return null;
    return {
      type,
      id,
      label: `${observation.number} ${observation.title}`,
      href: observationPath(id),
      entityType: OBSERVATION_ENTITY_TYPE,
      title: observation.title,
      description: observation.description ?? "",
    };
  }
  if (type === "enforcement") {
    const scan = await em.findOne(SafetyEnforcementScan, { id, project: projectId });
    if (!scan) return null;
    return {
      type,
      id,
      label: `${scan.number} ${scan.objectId} ${scan.objectName}`,
      href: enforcementPath(id),
      entityType: ENFORCEMENT_ENTITY_TYPE,
      title: `${scan.number} FAIL: ${scan.objectName} (${scan.objectId})`,
      description: [scan.activity, scan.comment].filter(Boolean).join("\n"),
    };
  }
  if (type === "incident") {
    const incident = await em.findOne(SafetyIncident, { id, project: projectId });
    if (!incident) return null;
    return {
      type,
      id,
      label: `${incident.number} ${incident.title}`,
      href: incidentViewPath(id),
      entityType: INCIDENT_ENTITY_TYPE,
      title: incident.title,
      description: incident.description ?? "",
    };
  }
  if (type === "audit-criterion") {
    // A finding of an audit or inspection: the action links to the location's criteria, and "action raised"
    // is written in the criterion's history.
    const criterion = await em.findOne(
      SafetyAuditCriterion,
      { id, project: projectId },
      { populate: ["assessment.schedule", "assessment.location"] },
    );
    if (!criterion) return null;
    const { schedule, location } = criterion.assessment;
    return {
      type,
      id,
      label: `${schedule.number} ${location.name}: ${criterion.title}`,
      href: criteriaDetailsPath(schedule.id, location.id),
      entityType: CRITERION_ENTITY_TYPE,
      title: criterion.title,
      description: [criterion.requirement, criterion.comment].filter(Boolean).join("\n"),
    };
  }
  return null;
}

/** The actions raised from a record, oldest first: the source's side of the link. */
export async function actionsRaisedFrom(
  em: EntityManager,
  projectId: string,
  type: ActionSourceType,
  id: string,
) {
  const actions = await em.find(
    SafetyAction,
    { project: projectId, sourceType: type, sourceId: id },
    { populate: ["assignee"], orderBy: { sequence: "asc" } },
  );
  return actions.map((action) => ({
    id: action.id,
    number: action.number,
    title: action.title,
    status: action.status,
    assignee: action.assignee?.name ?? null,
  }));
}
export type RaisedAction = Awaited<ReturnType<typeof actionsRaisedFrom>>[number];
