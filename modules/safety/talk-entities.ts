import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { Location } from "../../server/db/entities/location";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { numberedProperties, numberOrTitleSearchIndex } from "../../server/db/numbered";
import { projectOwned } from "../../server/db/project-scope";
import { SIGN_ON_SUBJECTS } from "./domain/sign-on";
import { ATTENDANCE_STATUSES, TALK_KINDS } from "./domain/talk-fields";
import { SafetyPermit } from "./permit-entities";

/**
 * Pre-start and toolbox talks (README "Talks", decision 035), and the sign-on through a QR link that any
 * subject of the module (a talk today, a SWMS later) uses: `SafetySignOnLink` and `SafetySignOn` name their
 * subject by kind and id.
 */

/** A talk given to the crew on site: who gave it, where, what was said, who attended. */
export const SafetyTalk = projectOwned(
  defineEntity({
    name: "SafetyTalk",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      kind: p.enum(TALK_KINDS),
      /** The topic, one line, for the register (the spec lists none). */
      title: p.string().length(200),
      /** The site day it was held. */
      heldOn: p.date(),
      supervisor: () => p.manyToOne(User).nullable().deleteRule("set null"),
      // Restrict: a location in use is never deleted from under it (the setup registers the usage).
      location: () => p.manyToOne(Location).nullable().deleteRule("restrict"),
      /** The work package the crew is on. */
      workPackage: p.string().length(200).nullable(),
      subActivity: p.string().length(200).nullable(),
      /** The permit to work the crew works under (spec 3): one of the project's permits; kept if it is archived. */
      permit: () => p.manyToOne(SafetyPermit).nullable().deleteRule("set null"),
      talkingPoints: p.text().nullable(),
      comment: p.text().nullable(),
      /** The supervisor's signature: a PNG data URL, or `typed:Name`. */
      supervisorSignature: p.text().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    // The register: one kind's tab ordered by number or day, filtered by location and supervisor, searched.
    indexes: [
      numberOrTitleSearchIndex("safety_talk"),
      { properties: ["project", "kind", "sequence"] },
      { properties: ["project", "kind", "heldOn", "sequence"] },
      { properties: ["project", "location"] },
      { properties: ["project", "supervisor"] },
    ],
  }),
);
export type ISafetyTalk = InferEntity<typeof SafetyTalk>;

/**
 * A QR sign-on link of a subject (a talk; a SWMS later): only its token's hash is stored; it expires and can
 * be revoked. Many people sign through one link.
 */
export const SafetySignOnLink = projectOwned(
  defineEntity({
    name: "SafetySignOnLink",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      subjectType: p.enum(SIGN_ON_SUBJECTS),
      subjectId: p.uuid(),
      tokenHash: p.string().length(64).unique(),
      expiresAt: p.datetime(),
      revokedAt: p.datetime().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["subjectType", "subjectId", "createdAt"] }],
  }),
);
export type ISafetySignOnLink = InferEntity<typeof SafetySignOnLink>;

/** One person's signature on a subject through its link: one per person (name and company) per subject. */
export const SafetySignOn = projectOwned(
  defineEntity({
    name: "SafetySignOn",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      subjectType: p.enum(SIGN_ON_SUBJECTS),
      subjectId: p.uuid(),
      link: () => p.manyToOne(SafetySignOnLink).nullable().deleteRule("set null"),
      /** domain/talk-fields `personKey`: the folded name and company. */
      personKey: p.string().length(420),
      name: p.string().length(200),
      company: p.string().length(200).nullable(),
      /** A PNG data URL, or `typed:Name`. */
      signature: p.text(),
      signedAt: p.datetime(),
    },
    uniques: [{ properties: ["subjectType", "subjectId", "personKey"] }],
  }),
);
export type ISafetySignOn = InferEntity<typeof SafetySignOn>;

/** One row of a talk's attendance: typed in by the supervisor, or added by a sign-on. */
export const SafetyTalkAttendee = projectOwned(
  defineEntity({
    name: "SafetyTalkAttendee",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      talk: () => p.manyToOne(SafetyTalk).deleteRule("cascade"),
      position: p.integer(),
      name: p.string().length(200),
      company: p.string().length(200).nullable(),
      status: p.enum(ATTENDANCE_STATUSES),
      remark: p.string().length(500).nullable(),
      /** The signature the person gave through the QR link, when they signed on. */
      signOn: () => p.manyToOne(SafetySignOn).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["talk", "position"] }],
  }),
);
export type ISafetyTalkAttendee = InferEntity<typeof SafetyTalkAttendee>;

export const talkEntities = [SafetyTalk, SafetySignOnLink, SafetySignOn, SafetyTalkAttendee];
