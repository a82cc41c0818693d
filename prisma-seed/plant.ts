import type { EntityManager } from "@mikro-orm/postgresql";
import {
  addDays,
  type CheckItem,
  checkResult,
  DEFAULT_CHECKLIST,
  type DocumentKind,
} from "~/modules/plant/domain/plant-rules";
import type { PlantStatus } from "~/modules/plant/domain/plant-workflow";
import {
  type IPlantItem,
  PlantCheck,
  PlantDocument,
  PlantInspection,
  PlantItem,
} from "~/modules/plant/entities";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import type { ICompany, IProject, IUser } from "~/server/db/entities";

/** The activity log's entity type of a plant item (modules/plant/server/plant-basics). */
const PLANT_ENTITY_TYPE = "plant-item";

type PlantSeed = {
  make: string;
  model: string;
  serial: string;
  description: string;
  status: PlantStatus;
  /** Days from today; null: not set. */
  onHire: number | null;
  offHire?: number | null;
  owner: "project" | "subcontractor";
  documents?: { kind: DocumentKind; title: string; expires: number | null }[];
  /** Pre-start checks: days from today, and the items that failed (none: passed). */
  checks?: { day: number; operator: string; failed?: string[]; comment?: string }[];
  inspections?: {
    day: number;
    inspector: string;
    result: "PASS" | "FAIL";
    nextDue: number | null;
    notes?: string;
  }[];
};

/**
 * Ten plant items over the two demo projects, in every state: approved and on site, in review, being
 * registered, off-hired, archived. Two documents expire within 30 days and one has expired; one pre-start check
 * failed (yesterday, on the bridge's telehandler); the cranes and the excavator have inspections.
 */
const BRIDGE_PLANT: PlantSeed[] = [
  {
    make: "Komatsu",
    model: "PC210LC-11 excavator",
    serial: "XN 21 AB",
    description: "21 t excavator for the abutment excavation.",
    status: "ACTIVE",
    onHire: -40,
    owner: "project",
    documents: [
      { kind: "registration", title: "Registration XN 21 AB", expires: 200 },
      { kind: "insurance", title: "Plant insurance policy", expires: 12 },
      { kind: "service-record", title: "500-hour service", expires: null },
    ],
    checks: [
      { day: 0, operator: "Sione Taufa" },
      { day: -1, operator: "Sione Taufa" },
    ],
    inspections: [{ day: -30, inspector: "Plantsafe Inspections", result: "PASS", nextDue: 60 }],
  },
  {
    make: "Liebherr",
    model: "LTM 1100 mobile crane",
    serial: "CR 100 LT",
    description: "100 t mobile crane for the span 2 girders.",
    status: "ACTIVE",
    onHire: -10,
    offHire: 20,
    owner: "subcontractor",
    documents: [
      { kind: "registration", title: "Crane registration", expires: 150 },
      { kind: "operator-licence", title: "Operator licence (C6)", expires: 25 },
    ],
    checks: [{ day: 0, operator: "Dan Whitfield" }],
    inspections: [
      {
        day: -12,
        inspector: "Crane Safety Services",
        result: "PASS",
        nextDue: 18,
        notes: "Annual inspection done.",
      },
    ],
  },
  {
    make: "JCB",
    model: "540-170 telehandler",
    serial: "TH 540 17",
    description: "Telehandler for deck formwork.",
    status: "ACTIVE",
    onHire: -20,
    owner: "subcontractor",
    documents: [{ kind: "registration", title: "Registration TH 540 17", expires: -3 }],
    checks: [
      { day: -1, operator: "Maria Lopez", failed: ["Reversing alarm"], comment: "Alarm silent; tagged out." },
      { day: -2, operator: "Maria Lopez" },
    ],
  },
  {
    make: "Bomag",
    model: "BW 213 roller",
    serial: "RL 213 BW",
    description: "Padfoot roller for the approach embankment.",
    status: "IN_REVIEW",
    onHire: 2,
    owner: "project",
    documents: [{ kind: "registration", title: "Registration RL 213 BW", expires: 300 }],
  },
  {
    make: "Genie",
    model: "S-65 boom lift",
    serial: "EWP 65 S",
    description: "Elevated work platform for the bearing replacement.",
    status: "IN_PROGRESS",
    onHire: null,
    owner: "subcontractor",
  },
  {
    make: "Caterpillar",
    model: "D6 dozer",
    serial: "DZ 6 CAT",
    description: "Dozer for the bulk earthworks, off-hired after the fill.",
    status: "CLOSED",
    onHire: -90,
    offHire: -15,
    owner: "project",
    inspections: [{ day: -80, inspector: "Plantsafe Inspections", result: "PASS", nextDue: null }],
  },
  {
    make: "Hino",
    model: "500 water cart",
    serial: "WC 500 HN",
    description: "Replaced by the hired water cart.",
    status: "ARCHIVED",
    onHire: -200,
    offHire: -100,
    owner: "project",
  },
];

const RAIL_PLANT: PlantSeed[] = [
  {
    make: "Volvo",
    model: "EW160E wheeled excavator (hi-rail)",
    serial: "HR 160 EW",
    description: "Hi-rail excavator for the track renewal.",
    status: "ACTIVE",
    onHire: -5,
    owner: "project",
    documents: [{ kind: "insurance", title: "Rail plant insurance", expires: 90 }],
    checks: [{ day: 0, operator: "Tom Reid" }],
  },
  {
    make: "Plasser",
    model: "09-3X tamper",
    serial: "TMP 093 X",
    description: "Tamping machine for the ballast.",
    status: "ACTIVE",
    onHire: -3,
    offHire: 10,
    owner: "project",
  },
  {
    make: "Manitou",
    model: "MRT 2550 rotating telehandler",
    serial: "MRT 2550",
    description: "For the signal gantries.",
    status: "IN_PROGRESS",
    onHire: null,
    owner: "project",
  },
];

const day = (today: string, days: number | null | undefined) =>
  days === null || days === undefined ? null : addDays(today, days);

async function seedPlant(
  em: EntityManager,
  project: IProject,
  seed: PlantSeed,
  input: { today: string; owners: Record<PlantSeed["owner"], ICompany>; by: IUser },
) {
  const { today, by } = input;
  const plant = em.create(PlantItem, {
    project,
    number: await nextNumber(em, project.id, "PLT"),
    make: seed.make,
    model: seed.model,
    serial: seed.serial,
    serialKey: seed.serial.toUpperCase(),
    ownerCompany: input.owners[seed.owner],
    description: seed.description,
    onHireDate: day(today, seed.onHire),
    offHireDate: day(today, seed.offHire),
    status: seed.status,
    createdBy: by,
  } as never) as IPlantItem;
  recordActivity(em, {
    projectId: project.id,
    actorId: by.id,
    entityType: PLANT_ENTITY_TYPE,
    entityId: plant.id,
    action: "created",
    after: { number: plant.number, status: "IN_PROGRESS", make: seed.make, model: seed.model },
  });
  if (seed.status !== "IN_PROGRESS")
    recordActivity(em, {
      projectId: project.id,
      actorId: by.id,
      entityType: PLANT_ENTITY_TYPE,
      entityId: plant.id,
      action: "status-changed",
      before: { status: "IN_PROGRESS" },
      after: { status: seed.status, action: "seed", comment: null },
    });
  for (const document of seed.documents ?? [])
    em.create(PlantDocument, {
      project,
      plant,
      kind: document.kind,
      title: document.title,
      expiryDate: day(today, document.expires),
      createdBy: by,
    } as never);
  for (const check of seed.checks ?? []) {
    const items: CheckItem[] = DEFAULT_CHECKLIST.map((label) => ({
      label,
      answer: check.failed?.includes(label)
        ? "fail"
        : label === "Seatbelt" && seed.model.includes("tamper")
          ? "na"
          : "pass",
      comment: check.failed?.includes(label) ? (check.comment ?? null) : null,
    }));
    em.create(PlantCheck, {
      project,
      plant,
      checkedOn: day(today, check.day),
      operator: check.operator,
      items,
      result: checkResult(items),
      comment: check.comment ?? null,
      createdBy: by,
    } as never);
  }
  for (const inspection of seed.inspections ?? [])
    em.create(PlantInspection, {
      project,
      plant,
      inspectedOn: day(today, inspection.day),
      inspector: inspection.inspector,
      result: inspection.result,
      nextDueOn: day(today, inspection.nextDue),
      notes: inspection.notes ?? null,
      createdBy: by,
    } as never);
}

/**
 * The demo plant: seven items on the bridge (owned by the head contractor or hired through the formwork
 * subcontractor) and three on the rail link. Dates are relative to the day the demo is seeded (UTC).
 */
export async function seedPlantDemo(
  em: EntityManager,
  input: {
    bridge: IProject;
    rail: IProject;
    contractor: ICompany;
    subcontractor: ICompany;
    bridgeBy: IUser;
    railBy: IUser;
  },
) {
  const today = new Date().toISOString().slice(0, 10);
  const owners = { project: input.contractor, subcontractor: input.subcontractor };
  for (const seed of BRIDGE_PLANT)
    await seedPlant(em, input.bridge, seed, { today, owners, by: input.bridgeBy });
  for (const seed of RAIL_PLANT)
    await seedPlant(em, input.rail, seed, {
      today,
      owners: { ...owners, subcontractor: input.contractor },
      by: input.railBy,
    });
  await em.flush();
}
