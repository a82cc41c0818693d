import { Readable } from "node:stream";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { HighRiskCategory, SwmsType } from "~/modules/safety/domain/swms-reference";
import { applySwmsStep, type SwmsStatus, type SwmsStep } from "~/modules/safety/domain/swms-workflow";
import { personKey } from "~/modules/safety/domain/talk-fields";
import { type ISafetySwms, SafetySignOn, SafetySwms, SafetySwmsStep } from "~/modules/safety/entities";
import { fileStorage, newStorageKey } from "~/plugins/storage/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { type ICompany, type IProject, type IUser, ProjectMember } from "~/server/db/entities";
import { saveAttachmentRecords } from "~/server/uploads/attachments.server";

/** The activity log's and the file's entity type (modules/safety/server/swms-basics). */
const SWMS_ENTITY_TYPE = "safety-swms";

type People = { engineer: IUser; manager: IUser; viewer: IUser };

type StepSeed = [
  activity: string,
  hazards: string,
  controls: string,
  before: [string, string],
  after: [string, string],
];

type SwmsSeed = {
  title: string;
  type: SwmsType;
  /** The principal contractor's own (the engineer's company) or the formwork subcontractor's (the viewer's). */
  company: "principal" | "subcontractor";
  highRisk: boolean;
  categories: HighRiskCategory[];
  steps: StepSeed[];
  file?: string;
  /** The steps from where it was made, each by whose step it is (the author is the engineer). */
  walk: { step: SwmsStep; by: "engineer" | "manager"; comment?: string }[];
};

const EDGE: StepSeed[] = [
  [
    "Lift edge protection panels to the deck with the crane",
    "Suspended loads; crush injuries; fall of the panels",
    "Exclusion zone under the lift; tag lines; licensed dogman; lifting gear inspected before use",
    ["likely", "major"],
    ["rare", "major"],
  ],
  [
    "Fix the panels to the deck edge",
    "Fall from the open deck edge (more than 2 m)",
    "Harness clipped to the static line before approaching the edge; work from the inside of the panels",
    ["possible", "catastrophic"],
    ["rare", "catastrophic"],
  ],
];

const FENCING: StepSeed[] = [
  [
    "Set out and install temporary fencing panels",
    "Manual handling; pinch points; traffic on the access road",
    "Two-person lift; gloves; spotter while working beside the access road",
    ["possible", "minor"],
    ["unlikely", "minor"],
  ],
];

const SEEDS: SwmsSeed[] = [
  {
    title: "Temporary edge protection, span 2 deck",
    type: "system",
    company: "principal",
    highRisk: true,
    categories: ["fall_over_2m"],
    steps: EDGE,
    walk: [],
  },
  {
    title: "Formwork erection and stripping, span 3",
    type: "product",
    company: "subcontractor",
    highRisk: true,
    categories: ["fall_over_2m", "structural_alterations_temporary_support"],
    steps: [],
    file: "apex-formwork-swms-span-3.txt",
    walk: [],
  },
  {
    title: "Site establishment and fencing",
    type: "system",
    company: "principal",
    highRisk: false,
    categories: [],
    steps: FENCING,
    walk: [{ step: "submit", by: "engineer" }],
  },
  {
    title: "Falsework erection over the creek",
    type: "system",
    company: "subcontractor",
    highRisk: true,
    categories: ["fall_over_2m", "drowning_risk", "structural_alterations_temporary_support"],
    steps: EDGE,
    walk: [{ step: "submit_high_risk", by: "engineer" }],
  },
  {
    title: "Crane lift of precast girders",
    type: "system",
    company: "principal",
    highRisk: true,
    categories: ["powered_mobile_plant_movement", "tilt_up_precast_concrete"],
    steps: EDGE,
    // Waits for its final review by a reviewer other than the HSSE manager (the project administrator).
    walk: [
      { step: "submit_high_risk", by: "engineer" },
      { step: "complete_initial_review", by: "manager" },
    ],
  },
  {
    title: "Topsoil spreading and landscaping of the approaches",
    type: "system",
    company: "principal",
    highRisk: false,
    categories: [],
    steps: FENCING,
    walk: [
      { step: "submit", by: "engineer" },
      { step: "accept", by: "manager" },
    ],
  },
  {
    title: "Scaffold hire (supplier's generic SWMS)",
    type: "product",
    company: "subcontractor",
    highRisk: false,
    categories: [],
    steps: [],
    file: "generic-scaffold-swms.txt",
    walk: [
      { step: "submit", by: "engineer" },
      { step: "reject", by: "manager", comment: "Generic: it does not describe this site or its access." },
    ],
  },
  {
    title: "Survey set-out on the approaches",
    type: "system",
    company: "principal",
    highRisk: false,
    categories: [],
    steps: FENCING,
    walk: [
      { step: "submit", by: "engineer" },
      { step: "accept", by: "manager" },
      { step: "request_review", by: "manager", comment: "Night works added from next week: add lighting." },
    ],
  },
  {
    title: "Site compound (first stage, superseded)",
    type: "system",
    company: "principal",
    highRisk: false,
    categories: [],
    steps: FENCING,
    walk: [{ step: "archive", by: "engineer" }],
  },
];

const ALL = new Set([
  "safety.swms.create",
  "safety.swms.archive",
  "safety.swms.delete",
  "safety.swms.manage-review-and-signoff",
]);

async function companyOf(em: EntityManager, project: IProject, user: IUser): Promise<ICompany> {
  const member = await em.findOneOrFail(ProjectMember, { project, user }, { populate: ["company"] });
  if (!member.company) throw new Error(`Demo member ${user.name} has no company`);
  return member.company;
}

/**
 * The demo project's SWMS: one in each of the nine states, written or uploaded by the site engineer for the
 * principal contractor or the formwork subcontractor, each walked through the SWMS table by the person whose
 * step it is (the HSSE manager reviews), so its log reads as a user's would.
 */
export async function seedSwmsDemo(em: EntityManager, input: { bridge: IProject } & People) {
  const { bridge, engineer, manager } = input;
  const companies = {
    principal: await companyOf(em, bridge, engineer),
    subcontractor: await companyOf(em, bridge, input.viewer),
  };
  for (const seed of SEEDS) {
    let status: SwmsStatus = seed.type === "product" ? "swms_uploaded" : "draft";
    const swms = em.create(SafetySwms, {
      project: bridge,
      number: await nextNumber(em, bridge.id, "SWMS"),
      title: seed.title,
      type: seed.type,
      company: companies[seed.company],
      highRisk: seed.highRisk,
      highRiskCategories: seed.categories,
      status,
      createdBy: engineer,
    } as never) as ISafetySwms;
    seed.steps.forEach(([activity, hazards, controls, before, after], index) => {
      em.create(SafetySwmsStep, {
        project: bridge,
        swms,
        sortOrder: index,
        activity,
        hazards,
        controls,
        likelihoodBefore: before[0],
        consequenceBefore: before[1],
        likelihoodAfter: after[0],
        consequenceAfter: after[1],
      } as never);
    });
    recordActivity(em, {
      projectId: bridge.id,
      actorId: engineer.id,
      entityType: SWMS_ENTITY_TYPE,
      entityId: swms.id,
      action: "created",
      after: { number: swms.number, status, type: seed.type, title: seed.title },
    });
    await em.flush();
    if (seed.file) {
      const text = Buffer.from(`${seed.title}\nSafe work method statement (demo file).\n`);
      const key = newStorageKey();
      const { size } = await fileStorage().put(key, Readable.from(text), { contentType: "text/plain" });
      await saveAttachmentRecords(em, {
        projectId: bridge.id,
        entityType: SWMS_ENTITY_TYPE,
        entityId: swms.id,
        files: [{ key, fileName: seed.file, contentType: "text/plain", size }],
        uploadedBy: engineer.id,
      });
    }
    const facts = { highRisk: seed.highRisk, categories: seed.categories.length, hasContent: true };
    for (const { step, by, comment } of seed.walk) {
      const actor = by === "engineer" ? engineer : manager;
      const relation = {
        isAuthor: by === "engineer",
        isReviewer: by === "manager",
        isInitialReviewer: swms.initialReviewer?.id === actor.id,
      };
      const result = applySwmsStep(status, step, ALL, relation, facts, { comment });
      if (!result.ok || result.to === null) throw new Error(`Demo SWMS step ${status} ${step}: refused`);
      recordActivity(em, {
        projectId: bridge.id,
        actorId: actor.id,
        entityType: SWMS_ENTITY_TYPE,
        entityId: swms.id,
        action: "status-changed",
        before: { status },
        after: { status: result.to, action: step, comment: comment ?? null },
      });
      if (result.to === "in_review" || result.to === "initial_review") swms.submittedAt = new Date();
      if (step === "complete_initial_review") swms.initialReviewer = actor;
      if (result.to === "accepted" || result.to === "not_accepted") {
        swms.signedOffBy = actor;
        swms.signedOffAt = new Date();
      }
      status = result.to;
    }
    swms.status = status;
    // An accepted SWMS's crew signed on through its QR code (decision 035, SWMS addendum).
    if (status === "accepted")
      for (const name of SIGNED_WORKERS) {
        const company = companies[seed.company].name;
        em.create(SafetySignOn, {
          project: bridge,
          subjectType: "swms",
          subjectId: swms.id,
          link: null,
          personKey: personKey(name, company),
          name,
          company,
          signature: `typed:${name}`,
          signedAt: new Date(),
        } as never);
        recordActivity(em, {
          projectId: bridge.id,
          actorId: null,
          entityType: SWMS_ENTITY_TYPE,
          entityId: swms.id,
          action: "worker-signed-on",
          after: { name, company, linkId: null },
        });
      }
    await em.flush();
  }
}

const SIGNED_WORKERS = ["Dan Whitfield", "Kim Tran"];
