import type { EntityManager } from "@mikro-orm/postgresql";
import { personKey, TALK_NUMBER_PREFIX, type TalkKind } from "~/modules/safety/domain/talk-fields";
import { type ISafetyTalk, SafetySignOn, SafetyTalk, SafetyTalkAttendee } from "~/modules/safety/entities";
import { createSignOnLink } from "~/modules/safety/server/sign-on.server";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { type IProject, type IUser, Location } from "~/server/db/entities";

/** The talks' activity log entity type (modules/safety/server/talk-basics). */
const TALK_ENTITY_TYPE = "safety-talk";

type Attendee = {
  name: string;
  company: string;
  status?: "present" | "late" | "left_early" | "absent";
  remark?: string;
  signed?: boolean;
};

type TalkSeed = {
  kind: TalkKind;
  title: string;
  daysAgo: number;
  workPackage: string;
  subActivity: string;
  talkingPoints: string;
  attendees: Attendee[];
};

const BRIDGE_TALKS: TalkSeed[] = [
  {
    kind: "pre_start",
    title: "Span 2 deck pour: day shift",
    daysAgo: 1,
    workPackage: "Bridge deck",
    subActivity: "Concrete pour",
    talkingPoints:
      "Pump boom exclusion zone\nSlab edge protection checked before the pour\nHeat: water and shade breaks every hour",
    attendees: [
      { name: "Sione Taufa", company: "Harbour Civil Constructions", signed: true },
      { name: "Maria Lopez", company: "Harbour Civil Constructions", signed: true },
      {
        name: "Dan Whitfield",
        company: "Apex Formwork Pty Ltd",
        status: "late",
        remark: "Arrived 6:40, briefed on site",
        signed: true,
      },
      { name: "Kim Tran", company: "Apex Formwork Pty Ltd", status: "absent", remark: "Sick leave" },
    ],
  },
  {
    kind: "pre_start",
    title: "Abutment B excavation",
    daysAgo: 0,
    workPackage: "Substructure",
    subActivity: "Bulk excavation",
    talkingPoints: "Services located and marked\nSpotter for every excavator move",
    attendees: [
      { name: "Sione Taufa", company: "Harbour Civil Constructions" },
      { name: "Priya Singh", company: "Harbour Civil Constructions" },
    ],
  },
  {
    kind: "toolbox",
    title: "Working at height: harness inspection",
    daysAgo: 3,
    workPackage: "Bridge deck",
    subActivity: "Formwork",
    talkingPoints: "Inspect webbing, stitching and hardware before every use\nTag out damaged harnesses",
    attendees: [
      { name: "Dan Whitfield", company: "Apex Formwork Pty Ltd", signed: true },
      {
        name: "Maria Lopez",
        company: "Harbour Civil Constructions",
        status: "left_early",
        remark: "Left 10:30 for a delivery",
      },
    ],
  },
  {
    kind: "toolbox",
    title: "Manual handling of formwork panels",
    daysAgo: 8,
    workPackage: "Bridge deck",
    subActivity: "Formwork",
    talkingPoints: "Two-person lifts over 20 kg\nUse the crane for panels over 40 kg",
    attendees: [{ name: "Kim Tran", company: "Apex Formwork Pty Ltd", signed: true }],
  },
];

const RAIL_TALKS: TalkSeed[] = [
  {
    kind: "pre_start",
    title: "Section 1 track possession",
    daysAgo: 1,
    workPackage: "Trackwork",
    subActivity: "Sleeper replacement",
    talkingPoints:
      "Possession limits and protection officer\nNo one on the track outside the worksite limits",
    attendees: [
      { name: "Jack Morgan", company: "Western Rail Link JV", signed: true },
      { name: "Lily Chen", company: "Western Rail Link JV", signed: true },
    ],
  },
  {
    kind: "toolbox",
    title: "Silica dust when cutting concrete",
    daysAgo: 5,
    workPackage: "Stations",
    subActivity: "Platform works",
    talkingPoints: "Wet cutting only\nP2 masks fitted and checked",
    attendees: [{ name: "Jack Morgan", company: "Western Rail Link JV" }],
  },
];

const day = (daysAgo: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - daysAgo);
  return date.toISOString().slice(0, 10);
};

async function seedTalks(em: EntityManager, project: IProject, supervisor: IUser, seeds: TalkSeed[]) {
  const location = await em.findOne(Location, { project }, { filters: false, orderBy: { name: "asc" } });
  for (const seed of seeds) {
    const talk = em.create(SafetyTalk, {
      project,
      number: await nextNumber(em, project.id, TALK_NUMBER_PREFIX[seed.kind]),
      kind: seed.kind,
      title: seed.title,
      heldOn: day(seed.daysAgo),
      supervisor,
      location,
      workPackage: seed.workPackage,
      subActivity: seed.subActivity,
      talkingPoints: seed.talkingPoints,
      comment: null,
      supervisorSignature: `typed:${supervisor.name}`,
      createdBy: supervisor,
    } as never) as ISafetyTalk;
    recordActivity(em, {
      projectId: project.id,
      actorId: supervisor.id,
      entityType: TALK_ENTITY_TYPE,
      entityId: talk.id,
      action: "created",
      after: { number: talk.number, kind: seed.kind, title: seed.title },
    });
    const signing = seed.attendees.some((attendee) => attendee.signed);
    const link = signing
      ? createSignOnLink(em, {
          projectId: project.id,
          subject: "talk",
          subjectId: talk.id,
          createdBy: supervisor.id,
        })
      : null;
    // The talk is over: its code was ended when the crew went to work.
    if (link) link.revokedAt = new Date();
    seed.attendees.forEach((attendee, position) => {
      const signOn = attendee.signed
        ? em.create(SafetySignOn, {
            project,
            subjectType: "talk",
            subjectId: talk.id,
            link,
            personKey: personKey(attendee.name, attendee.company),
            name: attendee.name,
            company: attendee.company,
            signature: `typed:${attendee.name}`,
            signedAt: new Date(),
          } as never)
        : null;
      em.create(SafetyTalkAttendee, {
        project,
        talk,
        position,
        name: attendee.name,
        company: attendee.company,
        status: attendee.status ?? "present",
        remark: attendee.remark ?? null,
        signOn,
      } as never);
      if (signOn)
        recordActivity(em, {
          projectId: project.id,
          actorId: null,
          entityType: TALK_ENTITY_TYPE,
          entityId: talk.id,
          action: "signed-on",
          after: { name: attendee.name, company: attendee.company },
        });
    });
    await em.flush();
  }
}

/**
 * Talks of both kinds with their attendance, some signed on through the QR link: on the bridge (a non-AU
 * project, where pre-start talks are the `ptt-*` permissions) and on the rail link (AU: `pre-start-talk-*`).
 */
export async function seedTalkDemo(
  em: EntityManager,
  input: { bridge: IProject; rail: IProject; bridgeSupervisor: IUser; railSupervisor: IUser },
) {
  await seedTalks(em, input.bridge, input.bridgeSupervisor, BRIDGE_TALKS);
  await seedTalks(em, input.rail, input.railSupervisor, RAIL_TALKS);
}
