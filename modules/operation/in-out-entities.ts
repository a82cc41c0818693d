import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { projectOwned } from "../../server/db/project-scope";
import { IN_OUT_KINDS, SIGN_IN_SOURCES, SIGN_OUT_KINDS } from "./domain/in-out";

/**
 * In/Out (README "In/Out", decision 040): one row per stay on site (signed in, later signed out), and the
 * gate's QR link through which people sign themselves in and out without an account.
 */

/** A gate's QR link: its token is derived from its id (server/links), only the token's hash is stored. */
export const OperationInOutGate = projectOwned(
  defineEntity({
    name: "OperationInOutGate",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      tokenHash: p.string().length(64).unique(),
      expiresAt: p.datetime(),
      revokedAt: p.datetime().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["project", "createdAt"] }],
  }),
);
export type IOperationInOutGate = InferEntity<typeof OperationInOutGate>;

/** One stay on site of one person: in at a time, out at a later one (open while `signedOutAt` is null). */
export const OperationInOutRecord = projectOwned(
  defineEntity({
    name: "OperationInOutRecord",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      /** domain `personKey`: the folded name and company; one open stay per person (the partial unique index). */
      personKey: p.string().length(420),
      name: p.string().length(200),
      company: p.string().length(200),
      /** The role or trade (carpenter, surveyor, client's engineer). */
      role: p.string().length(200).nullable(),
      kind: p.enum(IN_OUT_KINDS),
      /** Whether the person said they had done the site induction (decision 040: a worker must have). */
      inducted: p.boolean(),
      /** The site day of the sign-in, on the project's clock (decision 029). */
      siteDay: p.date(),
      signedInAt: p.datetime(),
      signedOutAt: p.datetime().nullable(),
      signOutKind: p.enum(SIGN_OUT_KINDS).nullable(),
      signedInVia: p.enum(SIGN_IN_SOURCES),
      gate: () => p.manyToOne(OperationInOutGate).nullable().deleteRule("set null"),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    indexes: [
      // The day's records, by name; the hours of a period (work log, hours worked) by day.
      { properties: ["project", "siteDay", "name"] },
      // Who is on site now, by when they came.
      {
        name: "operation_in_out_record_open_index",
        expression: `create index "operation_in_out_record_open_index" on "operation_in_out_record" ("project_id", "signed_in_at") where "signed_out_at" is null`,
      },
      // One open stay per person: "already signed in" also when two phones send the same person at once.
      {
        name: "operation_in_out_record_open_person_unique",
        expression: `create unique index "operation_in_out_record_open_person_unique" on "operation_in_out_record" ("project_id", "person_key") where "signed_out_at" is null`,
      },
    ],
  }),
);
export type IOperationInOutRecord = InferEntity<typeof OperationInOutRecord>;
