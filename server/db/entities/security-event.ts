import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { idProperty } from "./common";
import { Project } from "./project";
import { User } from "./user";

/**
 * The audit trail of security events (server/audit/security-events.server.ts): sign-ins, password resets,
 * role and membership changes, external link decisions — who, when, from which address. Rows are never
 * changed; a deleted project or user leaves its events, with the names kept in `details`.
 */
export const SecurityEvent = defineEntity({
  name: "SecurityEvent",
  properties: {
    id: idProperty(),
    occurredAt: p.datetime().onCreate(() => new Date()),
    kind: p.string().length(64),
    /** Who did it: the signed-in person; null for a visitor (a sign-in, an external reviewer). */
    actor: () => p.manyToOne(User).nullable().deleteRule("set null"),
    /** The account it concerns, when there is one. */
    subjectUser: () => p.manyToOne(User).nullable().deleteRule("set null"),
    /** The email it concerns, lower case: also for an email with no account (a failed sign-in). */
    subjectEmail: p.string().length(320).nullable(),
    project: () => p.manyToOne(Project).nullable().deleteRule("set null"),
    clientAddress: p.string().length(64).nullable(),
    userAgent: p.string().length(400).nullable(),
    details: p.json<Record<string, unknown>>().nullable(),
  },
  // The register reads newest first, by kind, by email, or all of them (docs/decisions/018).
  indexes: [
    { properties: ["occurredAt"] },
    { properties: ["kind", "occurredAt"] },
    { properties: ["subjectEmail", "occurredAt"] },
    { properties: ["actor", "occurredAt"] },
  ],
});
export type ISecurityEvent = InferEntity<typeof SecurityEvent>;
