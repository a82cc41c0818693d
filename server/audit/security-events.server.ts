import type { FilterQuery } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { type ISecurityEvent, SecurityEvent } from "~/server/db/entities";
import { currentOrigin, type RequestOrigin } from "~/server/http/request-origin";

/**
 * What the audit trail records (docs/decisions/018). Sign-in refusals while a pause lasts are not recorded
 * one by one (the pause is, when it starts), so a stranger hammering the form cannot grow the table
 * faster than the limits let them try.
 */
export const SECURITY_EVENT_KINDS = [
  "sign-in.succeeded",
  "sign-in.failed",
  "sign-in.paused",
  "password.reset-requested",
  "password.set",
  "role.created",
  "role.updated",
  "role.deleted",
  "user.global-role-changed",
  "user.deactivated",
  "user.reactivated",
  "member.invited",
  "member.invitation-resent",
  "member.roles-changed",
  "member.removed",
  "external-link.decided",
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export const isSecurityEventKind = (value: unknown): value is SecurityEventKind =>
  SECURITY_EVENT_KINDS.includes(value as SecurityEventKind);

export type SecurityEventInput = {
  kind: SecurityEventKind;
  /** The signed-in person who did it; null for a visitor. */
  actorId?: string | null;
  subjectUserId?: string | null;
  subjectEmail?: string | null;
  projectId?: string | null;
  /** Names and values an administrator reads (a role's name, the changes, a decision); no secrets. */
  details?: Record<string, unknown> | null;
  /** Where the request came from; by default the request being served (server/http/request-origin.ts). */
  origin?: RequestOrigin | null;
};

/**
 * Records a security event with the caller's unit of work: inside a transaction it commits or rolls back
 * with the change it describes; otherwise the caller's next flush writes it.
 */
export function recordSecurityEvent(em: EntityManager, input: SecurityEventInput): ISecurityEvent {
  const origin = input.origin === undefined ? currentOrigin() : input.origin;
  return em.create(SecurityEvent, {
    kind: input.kind,
    actor: input.actorId ?? null,
    subjectUser: input.subjectUserId ?? null,
    subjectEmail: input.subjectEmail?.trim().toLowerCase().slice(0, 320) || null,
    project: input.projectId ?? null,
    clientAddress: origin?.address?.slice(0, 64) ?? null,
    userAgent: origin?.userAgent?.slice(0, 400) ?? null,
    details: input.details ?? null,
  });
}

export type SecurityEventQuery = {
  kind: SecurityEventKind | null;
  /** Calendar days, 'YYYY-MM-DD', read in UTC; both ends included. */
  from: string | null;
  to: string | null;
  /** Part of the email concerned or of the actor's. */
  email: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day (not 2026-02-31, which Date would read as 3 March). */
function validDay(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value) ? value : null;
}

/** The register's filters from the URL; anything malformed is no filter. */
export function readSecurityEventQuery(params: URLSearchParams): SecurityEventQuery {
  const kind = params.get("kind");
  return {
    kind: isSecurityEventKind(kind) ? kind : null,
    from: validDay(params.get("from")),
    to: validDay(params.get("to")),
    email: params.get("email")?.trim().toLowerCase().slice(0, 320) ?? "",
  };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of the register, newest first. */
export async function listSecurityEvents(
  em: EntityManager,
  query: SecurityEventQuery,
  page: { page: number; pageSize: number },
) {
  const filter: FilterQuery<ISecurityEvent> = {};
  if (query.kind) filter.kind = query.kind;
  const occurredAt: { $gte?: Date; $lt?: Date } = {};
  if (query.from) occurredAt.$gte = new Date(`${query.from}T00:00:00Z`);
  if (query.to) occurredAt.$lt = new Date(Date.parse(`${query.to}T00:00:00Z`) + 24 * 60 * 60 * 1000);
  if (query.from || query.to) filter.occurredAt = occurredAt;
  if (query.email) {
    const pattern = likePattern(query.email);
    filter.$or = [{ subjectEmail: { $like: pattern } }, { actor: { email: { $ilike: pattern } } }];
  }
  const [events, total] = await em.findAndCount(SecurityEvent, filter, {
    populate: ["actor", "project"],
    orderBy: [{ occurredAt: "desc" }, { id: "desc" }],
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  return {
    total,
    rows: events.map((event) => ({
      id: event.id,
      occurredAt: event.occurredAt.toISOString(),
      kind: event.kind as SecurityEventKind,
      actor: event.actor ? { name: event.actor.name, email: event.actor.email } : null,
      subjectEmail: event.subjectEmail ?? null,
      project: event.project?.name ?? ((event.details?.project as string | undefined) || null),
      clientAddress: event.clientAddress ?? null,
      userAgent: event.userAgent ?? null,
      details: event.details ?? {},
    })),
  };
}
