import type { EntityManager } from "@mikro-orm/postgresql";
import {
  type INCIDENT_STEPS,
  type IncidentFacts,
  type IncidentStatus,
  incidentParties,
  incidentWorkflow,
} from "~/modules/safety/domain/incident-workflow";
import {
  type ISafetyAction,
  type ISafetyIncident,
  SafetyAction,
  SafetyIncident,
  SafetyIncidentCorrectiveAction,
  SafetyIncidentDrugTest,
  SafetyIncidentEvent,
  SafetyIncidentFactor,
  SafetyIncidentInjuredPerson,
  SafetyIncidentVictim,
  SafetyIncidentWitness,
} from "~/modules/safety/entities";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import type { IProject, IUser } from "~/server/db/entities";
import { Location } from "~/server/db/entities";

/** The activity log's entity types (modules/safety/server/incident-basics and action-basics). */
const INCIDENT_ENTITY_TYPE = "safety-incident";
const ACTION_ENTITY_TYPE = "safety-action";

type People = { engineer: IUser; manager: IUser; viewer: IUser };

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);
const dayFromNow = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString().slice(0, 10);

/** Every step of the table, walked by the demo's people: the engineer reports, the HSSE manager does the rest. */
const STEPS_TO: Record<IncidentStatus, (typeof INCIDENT_STEPS)[number][]> = {
  RAISED: [],
  EVALUATION_BY_SHE_PERSONNEL: ["submit_incident"],
  INVESTIGATION: ["submit_incident", "submit_evaluation"],
  SIGN_OFF: ["submit_incident", "submit_evaluation", "submit_investigation"],
  CLOSED: ["submit_incident", "submit_evaluation", "submit_investigation", "close"],
};

type IncidentSeed = {
  title: string;
  status: IncidentStatus;
  hoursAgo: number;
  impactAreas: ISafetyIncident["impactAreas"];
  description: string;
  location?: string;
  she: boolean;
  extra?: Partial<Record<string, unknown>>;
};

const INCIDENTS: IncidentSeed[] = [
  {
    title: "Hand cut on rebar tie wire at the pier 3 cage",
    status: "RAISED",
    hoursAgo: 5,
    impactAreas: ["People"],
    description:
      "A steel fixer cut the back of his hand on a tie wire tail; first aid given at the site office.",
    she: false,
  },
  {
    title: "Diesel spill at the batch plant refuelling point",
    status: "EVALUATION_BY_SHE_PERSONNEL",
    hoursAgo: 30,
    impactAreas: ["Environments"],
    description:
      "About 40 litres spilled when the nozzle latch failed; spill kit used, the drain was covered.",
    she: true,
    extra: {
      hazardReportType: "Unsafe condition",
      hazardSource: "Hazardous substances",
      hazardPotentialActual: "Exposure to substance",
      hazardDetails: "Nozzle latch worn; no drip tray under the bowser.",
      hazardImmediateAction: "Bowser tagged out, spill kit used, EPA notification assessed.",
    },
  },
  {
    title: "Excavator bucket struck a live water main",
    status: "INVESTIGATION",
    hoursAgo: 60,
    impactAreas: ["Equipment", "Process"],
    description:
      "The main was 600 mm shallower than the services plan showed. No one hurt; supply cut for 3 hours.",
    she: true,
    extra: { peepoEquipment: "Potholing done with the bucket, not by vacuum excavation." },
  },
  {
    title: "Near miss: unsecured load over the pedestrian walkway",
    status: "SIGN_OFF",
    hoursAgo: 120,
    impactAreas: ["People", "Process"],
    description:
      "A bundle of formply was lifted over the walkway while it was open; the exclusion zone was not set.",
    she: true,
    extra: {
      rootCause: "The lift plan did not name the walkway closure as a hold point.",
      peepoProcedures: "The lift plan template has no exclusion zone check.",
    },
  },
  {
    title: "Rigger struck by a swinging precast panel",
    status: "CLOSED",
    hoursAgo: 400,
    impactAreas: ["People", "Equipment", "Organisation"],
    description:
      "The panel rotated in the wind during the lift and struck the rigger's shoulder against the barrier.",
    she: true,
    extra: {
      peepoPeople: "The rigger was new to the crew and had not used tag lines on panels this size.",
      peepoEnvironment: "Gusts of 35 km/h from the west; the wind limit was 38 km/h.",
      peepoEquipment: "No tag lines were fitted to the panel.",
      peepoProcedures: "The lift plan required tag lines; the pre-lift check did not ask for them.",
      peepoOrganisation: "The crew was short one dogman that morning.",
      rootCause:
        "The panel was lifted without tag lines, so the crew could not control its rotation in the wind.",
      reviewerRole: "hsse_manager",
      signOffComment: "Investigation reviewed with the crane crew; actions accepted.",
      signedOn: dayFromNow(-10),
      signature: "typed:Hana Harris",
    },
  },
  {
    title: "Site office break-in; cleaner threatened",
    status: "INVESTIGATION",
    hoursAgo: 200,
    impactAreas: ["People", "Organisation"],
    description:
      "Two people forced the site office door at 05:10; the cleaner was threatened and a laptop taken.",
    she: true,
    extra: {
      securityDescription: "Forced entry through the site office door; one laptop taken.",
      securityImmediateAction: "Police called, door secured, CCTV footage kept.",
      securityPoliceReportNumber: "E-2026-118842",
    },
  },
];

/**
 * Six incidents on the bridge project, one in each state (and two in investigation), each walked through
 * the incident table by the person whose step it is: the site engineer reports, the HSSE manager is the
 * SHE person and the manager. The closed one is complete: an injured person, two witnesses, a drug and
 * alcohol test, the investigation (events, PEEPO, factors, root cause, a corrective action plan raised as
 * actions) and the sign-off. The break-in has a victim.
 */
export async function seedIncidentDemo(em: EntityManager, input: { bridge: IProject } & People) {
  const { bridge, engineer, manager } = input;
  const location = await em.findOne(
    Location,
    { project: bridge.id },
    { filters: false, orderBy: { path: "desc" } },
  );
  const granted = new Set([
    "safety.incidents.update-status",
    "safety.incidents.close",
    "safety.incidents.delete",
  ]);
  for (const seed of INCIDENTS) {
    const incident = em.create(SafetyIncident, {
      project: bridge,
      number: await nextNumber(em, bridge.id, "INC"),
      title: seed.title,
      status: "RAISED",
      occurredAt: hoursAgo(seed.hoursAgo),
      location: location ?? null,
      description: seed.description,
      impactAreas: seed.impactAreas,
      reporter: engineer,
      shePerson: seed.she ? manager : null,
      ...(seed.status === "CLOSED" ? { reportCompletedBy: manager, reviewedBy: manager } : {}),
      ...seed.extra,
    } as never) as ISafetyIncident;
    recordActivity(em, {
      projectId: bridge.id,
      actorId: engineer.id,
      entityType: INCIDENT_ENTITY_TYPE,
      entityId: incident.id,
      action: "created",
      after: { number: incident.number, status: "RAISED", title: incident.title },
    });
    if (seed.status === "CLOSED") await seedFullRecord(em, bridge, incident, input);
    if (seed.title.startsWith("Site office"))
      em.create(SafetyIncidentVictim, {
        project: bridge,
        incident,
        fullName: "Lena Morris",
        contact: "0412 555 019",
        company: "Brightway Cleaning",
        harm: "Threatened and pushed against the wall; shaken, not injured. Offered EAP counselling.",
      } as never);
    const facts: IncidentFacts = {
      locked: false,
      sheAssigned: seed.she,
      rootCause: true,
      signOffComplete: true,
    };
    let status: IncidentStatus = "RAISED";
    for (const step of STEPS_TO[seed.status]) {
      const byReporter = step === "submit_incident";
      const actor = byReporter ? engineer : manager;
      const relation = { isReporter: byReporter, isShe: !byReporter, isManager: !byReporter };
      const result = incidentWorkflow.apply(status, step, granted, {
        facts,
        parties: incidentParties(relation),
      });
      if (!result.ok || result.to === null) throw new Error(`Demo incident step ${status} ${step}: refused`);
      recordActivity(em, {
        projectId: bridge.id,
        actorId: actor.id,
        entityType: INCIDENT_ENTITY_TYPE,
        entityId: incident.id,
        action: "status-changed",
        before: { status },
        after: { status: result.to, action: step },
      });
      status = result.to;
    }
    incident.status = status;
    if (status === "CLOSED") {
      incident.locked = true;
      incident.closedAt = hoursAgo(24 * 10);
    }
  }
  await em.flush();
}

async function seedFullRecord(
  em: EntityManager,
  bridge: IProject,
  incident: ISafetyIncident,
  people: People,
) {
  em.create(SafetyIncidentInjuredPerson, {
    project: bridge,
    incident,
    fullName: "Tom Rigger",
    employer: "Apex Formwork Pty Ltd",
    employmentStatus: "subcontractor",
    age: 24,
    occupation: "Rigger",
    supervisor: "Dan Whitfield",
    bodyPart: "Right shoulder",
    injuryDescription: "Bruised and strained right shoulder; x-ray clear.",
    classification: "lti",
    nature: "Sprain and strain",
    mechanism: "Hit by moving object",
    agency: "Precast concrete panel",
    shiftPortion: "second_quarter",
    daysLost: 3,
  } as never);
  for (const [fullName, company, statement] of [
    [
      "Sione Taufa",
      "Apex Formwork Pty Ltd",
      "The panel turned when the wind gusted; there were no tag lines on it.",
    ],
    [
      "Maria Lopez",
      "Northern Bridge JV",
      "I was at the crane cab and heard the dogman call stop just before it hit.",
    ],
  ])
    em.create(SafetyIncidentWitness, { project: bridge, incident, fullName, company, statement } as never);
  em.create(SafetyIncidentDrugTest, {
    project: bridge,
    incident,
    memberName: "Tom Rigger",
    position: "Rigger",
    company: "Apex Formwork Pty Ltd",
    testedOn: dayFromNow(-16),
    drugDetected: "None",
    reasonForTest: "Post incident",
    initialBac: "0.000",
    secondaryBac: "0.000",
    prescriptionMedication: false,
  } as never);
  const events = [
    ["06:30", "Pre-start: lift plan read to the crew; wind forecast 30-40 km/h."],
    ["07:05", "Panel P-14 rigged without tag lines."],
    ["07:12", "Gust rotated the panel; it struck the rigger against the barrier."],
    ["07:15", "Lift stopped, first aid given, the rigger taken to hospital."],
  ];
  for (const [index, [timeLabel, description]] of events.entries())
    em.create(SafetyIncidentEvent, {
      project: bridge,
      incident,
      sortOrder: index,
      timeLabel,
      description,
    } as never);
  const factors: [string, string][] = [
    ["FAILED_DEFENCES", "Tag lines were not fitted although the lift plan required them."],
    ["INDIVIDUAL_TEAM_ACTIONS", "The crew went ahead a dogman short."],
    ["TASK_ENVIRONMENT_CONDITIONS", "Gusting wind close to the limit."],
    ["HUMAN_FACTORS", "The rigger was new to lifts of this size."],
    ["ORGANISATION_FACTORS", "The pre-lift check sheet has no tag line item."],
  ];
  for (const [index, [causeGroup, description]] of factors.entries())
    em.create(SafetyIncidentFactor, {
      project: bridge,
      incident,
      sortOrder: index,
      causeGroup,
      description,
    } as never);
  const plan: [string, IUser, number][] = [
    ["Add tag lines to the pre-lift check sheet", people.manager, 7],
    ["Toolbox talk on controlling panels in wind for every crane crew", people.engineer, 3],
  ];
  for (const [index, [description, responsible, dueIn]] of plan.entries()) {
    const action = em.create(SafetyAction, {
      project: bridge,
      number: await nextNumber(em, bridge.id, "ACT"),
      title: description,
      description: `${incident.number} ${incident.title}`,
      status: "open",
      riskRanking: "medium",
      assignee: responsible,
      dueDate: dayFromNow(dueIn),
      sourceType: "incident",
      sourceId: incident.id,
      createdBy: people.manager,
    } as never) as ISafetyAction;
    recordActivity(em, {
      projectId: bridge.id,
      actorId: people.manager.id,
      entityType: ACTION_ENTITY_TYPE,
      entityId: action.id,
      action: "created",
      after: { number: action.number, status: "open", title: description, source: incident.number },
    });
    em.create(SafetyIncidentCorrectiveAction, {
      project: bridge,
      incident,
      sortOrder: index,
      description,
      responsible,
      dueDate: dayFromNow(dueIn),
      actionId: action.id,
    } as never);
  }
}
