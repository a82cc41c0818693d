import type { EntityManager } from "@mikro-orm/postgresql";
import { activityRowsFor } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { listLocationTree } from "~/server/locations/locations.server";
import { findLocationNode } from "~/server/locations/tree";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import {
  availableIncidentSteps,
  canLockIncident,
  canReassignIncident,
  canUnlockIncident,
} from "../domain/incident-workflow";
import {
  type ISafetyIncident,
  SafetyAction,
  SafetyIncidentCorrectiveAction,
  SafetyIncidentDrugTest,
  SafetyIncidentEvent,
  SafetyIncidentFactor,
  SafetyIncidentInjuredPerson,
  SafetyIncidentVictim,
  SafetyIncidentWitness,
} from "../entities";
import { injuredFiles } from "./incident-files.server";
import { INCIDENT_ENTITY_TYPE } from "./incident-rules";
import { incidentRelationOf, sectionsFor } from "./incidents.server";

/** The incident as recorded, every section as plain data (the same for every reader: its pages, its report). */
export async function loadIncidentRecord(
  em: EntityManager,
  project: { id: string; language?: string | null },
  incident: ISafetyIncident,
) {
  const byIncident = { incident: incident.id };
  const [timeZone, injured, drugTests, victims, witnesses, events, factors, plan] = await Promise.all([
    projectTimeZone(em, project),
    em.find(SafetyIncidentInjuredPerson, byIncident, { orderBy: { createdAt: "asc", id: "asc" } }),
    em.find(SafetyIncidentDrugTest, byIncident, { orderBy: { createdAt: "asc", id: "asc" } }),
    em.find(SafetyIncidentVictim, byIncident, { orderBy: { createdAt: "asc", id: "asc" } }),
    em.find(SafetyIncidentWitness, byIncident, { orderBy: { createdAt: "asc", id: "asc" } }),
    em.find(SafetyIncidentEvent, byIncident, { orderBy: { sortOrder: "asc" } }),
    em.find(SafetyIncidentFactor, byIncident, { orderBy: { sortOrder: "asc" } }),
    em.find(SafetyIncidentCorrectiveAction, byIncident, {
      orderBy: { sortOrder: "asc" },
      populate: ["responsible"],
    }),
  ]);
  const actionIds = plan.map((row) => row.actionId).filter((id): id is string => Boolean(id));
  const actions = actionIds.length
    ? await em.find(
        SafetyAction,
        { id: { $in: actionIds }, project: project.id },
        { fields: ["id", "number", "status"] },
      )
    : [];
  const files = await injuredFiles(
    em,
    injured.map((person) => person.id),
  );
  const actionById = new Map(actions.map((action) => [action.id, action]));
  const tree = incident.location ? await listLocationTree(em, project.id) : null;
  return {
    id: incident.id,
    number: incident.number,
    title: incident.title,
    status: incident.status,
    locked: incident.locked,
    timeZone,
    occurredAt: incident.occurredAt.toISOString(),
    location: incident.location
      ? {
          id: incident.location.id,
          // The full name ("Abutment A › Piles"), as the pickers show it.
          name:
            (tree && findLocationNode(tree, incident.location.id)?.ancestorsName) ?? incident.location.name,
        }
      : null,
    description: incident.description ?? null,
    impactAreas: incident.impactAreas ?? [],
    reporter: incident.reporter ? { id: incident.reporter.id, name: incident.reporter.name } : null,
    shePerson: incident.shePerson ? { id: incident.shePerson.id, name: incident.shePerson.name } : null,
    forms: {
      railCategory: incident.railCategory ?? null,
      railCause: incident.railCause ?? null,
      railImmediateAction: incident.railImmediateAction ?? null,
      railNotificationDetails: incident.railNotificationDetails ?? null,
      railDescription: incident.railDescription ?? null,
      securityDescription: incident.securityDescription ?? null,
      securityImmediateAction: incident.securityImmediateAction ?? null,
      securityPoliceReportNumber: incident.securityPoliceReportNumber ?? null,
      hazardReportType: incident.hazardReportType ?? null,
      hazardSource: incident.hazardSource ?? null,
      hazardPotentialActual: incident.hazardPotentialActual ?? null,
      hazardPlantDamageLocation: incident.hazardPlantDamageLocation ?? null,
      hazardDetails: incident.hazardDetails ?? null,
      hazardImmediateAction: incident.hazardImmediateAction ?? null,
    },
    drugTests: drugTests.map((test) => ({
      id: test.id,
      memberId: test.member?.id ?? null,
      memberName: test.memberName,
      position: test.position ?? null,
      company: test.company ?? null,
      testedOn: dayOfDateColumn(test.testedOn),
      drugDetected: test.drugDetected ?? null,
      reasonForTest: test.reasonForTest ?? null,
      initialBac: test.initialBac ?? null,
      secondaryBac: test.secondaryBac ?? null,
      additionalInformation: test.additionalInformation ?? null,
      prescriptionMedication: test.prescriptionMedication,
    })),
    injured: injured.map((person) => ({
      id: person.id,
      fullName: person.fullName,
      employer: person.employer ?? null,
      employmentStatus: person.employmentStatus ?? null,
      dateOfBirth: dayOfDateColumn(person.dateOfBirth),
      age: person.age ?? null,
      occupation: person.occupation ?? null,
      supervisor: person.supervisor ?? null,
      bodyPart: person.bodyPart ?? null,
      injuryDescription: person.injuryDescription ?? null,
      classification: person.classification,
      nature: person.nature ?? null,
      mechanism: person.mechanism ?? null,
      agency: person.agency ?? null,
      shiftPortion: person.shiftPortion ?? null,
      daysLost: person.daysLost ?? null,
      files: files.get(person.id) ?? [],
    })),
    victims: victims.map((victim) => ({
      id: victim.id,
      fullName: victim.fullName,
      company: victim.company ?? null,
    })),
    witnesses: witnesses.map((witness) => ({
      id: witness.id,
      fullName: witness.fullName,
      company: witness.company ?? null,
    })),
    investigation: {
      events: events.map((event) => ({
        id: event.id,
        timeLabel: event.timeLabel ?? "",
        description: event.description,
      })),
      peepoPeople: incident.peepoPeople ?? null,
      peepoEnvironment: incident.peepoEnvironment ?? null,
      peepoEquipment: incident.peepoEquipment ?? null,
      peepoProcedures: incident.peepoProcedures ?? null,
      peepoOrganisation: incident.peepoOrganisation ?? null,
      factors: factors.map((factor) => ({
        id: factor.id,
        causeGroup: factor.causeGroup,
        description: factor.description,
      })),
      rootCause: incident.rootCause ?? null,
      plan: plan.map((row) => {
        const action = row.actionId ? actionById.get(row.actionId) : undefined;
        return {
          id: row.id,
          description: row.description,
          responsibleId: row.responsible?.id ?? null,
          responsible: row.responsible?.name ?? null,
          dueDate: dayOfDateColumn(row.dueDate),
          action: action ? { id: action.id, number: action.number, status: action.status } : null,
        };
      }),
    },
    signOff: {
      reportCompletedById: incident.reportCompletedBy?.id ?? null,
      reportCompletedBy: incident.reportCompletedBy?.name ?? null,
      reviewedById: incident.reviewedBy?.id ?? null,
      reviewedBy: incident.reviewedBy?.name ?? null,
      reviewerRole: incident.reviewerRole ?? null,
      comment: incident.signOffComment ?? null,
      signature: incident.signature ?? null,
      signedOn: dayOfDateColumn(incident.signedOn),
    },
    closedAt: incident.closedAt?.toISOString() ?? null,
    createdAt: incident.createdAt.toISOString(),
  };
}
export type IncidentRecord = Awaited<ReturnType<typeof loadIncidentRecord>>;

/** Everything the incident's view and edit pages show: the record, and what this user may do with it. */
export async function loadIncidentDetail(context: ProjectContext, incident: ISafetyIncident) {
  const granted = grantedKeysOf(context);
  const relation = incidentRelationOf(context, incident);
  const record = { status: incident.status, locked: incident.locked };
  return {
    ...(await loadIncidentRecord(context.em, context.project, incident)),
    steps: availableIncidentSteps(incident.status, incident.locked, granted, relation).map((row) => ({
      action: row.action,
      confirm: Boolean(row.confirm),
    })),
    sections: sectionsFor(context, incident),
    canLock: canLockIncident(record, granted),
    canUnlock: canUnlockIncident(record, granted),
    canReassign: canReassignIncident(record, granted),
  };
}
export type IncidentDetail = Awaited<ReturnType<typeof loadIncidentDetail>>;

export async function incidentActivity(em: EntityManager, incidentId: string) {
  return activityRowsFor(em, INCIDENT_ENTITY_TYPE, incidentId, 300);
}
