import { LockMode, UniqueConstraintViolationException } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { recordActivity } from "~/server/audit/activity.server";
import { zonedDay, zonedTimeToUtc } from "~/server/projects/time-zone";
import {
  IN_OUT_ENTITY_TYPE,
  minutesOf,
  personKey,
  type SignInSource,
  type SignOutKind,
} from "../domain/in-out";
import { type IOperationInOutRecord, OperationInOutRecord } from "../in-out-entities";
import type { CorrectionValues, SignInValues } from "./in-out-rules";

/**
 * Signing people in and out, correcting a stay's times and deleting a stay (README "In/Out"): each in one
 * transaction with its line in the project's In/Out activity log (entity id = the project's id). One open
 * stay per person (name and company folded): a second sign-in is refused, also when two phones race (the
 * partial unique index decides).
 */

export type Actor = { projectId: string; actorId: string | null; zone: string };

export type SignInOutcome =
  | { ok: true; record: IOperationInOutRecord }
  | { ok: false; reason: "already-in"; name: string; since: Date };

const logEntry = (record: IOperationInOutRecord) => ({
  recordId: record.id,
  name: record.name,
  company: record.company,
  kind: record.kind,
});

async function openStayOf(em: EntityManager, projectId: string, key: string) {
  return em.findOne(OperationInOutRecord, { project: projectId, personKey: key, signedOutAt: null });
}

/** Signs a person in now (the In/Out page, or the gate's link: `gateId`). */
export async function signIn(
  em: EntityManager,
  actor: Actor,
  values: SignInValues,
  via: { source: SignInSource; gateId?: string | null },
  now = new Date(),
): Promise<SignInOutcome> {
  const key = personKey(values.name, values.company);
  try {
    return await em.transactional(async (tx) => {
      const open = await openStayOf(tx, actor.projectId, key);
      if (open) return { ok: false, reason: "already-in", name: open.name, since: open.signedInAt } as const;
      const record = tx.create(OperationInOutRecord, {
        project: actor.projectId,
        personKey: key,
        name: values.name,
        company: values.company,
        role: values.role,
        kind: values.kind,
        inducted: values.inducted,
        siteDay: zonedDay(now, actor.zone),
        signedInAt: now,
        signedOutAt: null,
        signOutKind: null,
        signedInVia: via.source,
        gate: via.gateId ?? null,
        createdBy: actor.actorId,
      } as never) as IOperationInOutRecord;
      recordActivity(tx, {
        projectId: actor.projectId,
        actorId: actor.actorId,
        entityType: IN_OUT_ENTITY_TYPE,
        entityId: actor.projectId,
        action: "signed-in",
        after: { ...logEntry(record), via: via.source, inducted: values.inducted, at: now.toISOString() },
      });
      await tx.flush();
      return { ok: true, record } as const;
    });
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    const open = await openStayOf(em.fork() as EntityManager, actor.projectId, key);
    return {
      ok: false,
      reason: "already-in",
      name: open?.name ?? values.name,
      since: open?.signedInAt ?? now,
    };
  }
}

/** Signs an open stay out at `at`; false when the stay is gone or already out. */
export async function signOut(
  em: EntityManager,
  actor: Omit<Actor, "zone">,
  recordId: string,
  kind: SignOutKind,
  at = new Date(),
): Promise<IOperationInOutRecord | null> {
  return em.transactional(async (tx) => {
    // Locked: the office and the phone at the gate signing the same stay out at once make one sign-out.
    const record = await tx.findOne(
      OperationInOutRecord,
      { id: recordId, project: actor.projectId, signedOutAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!record) return null;
    record.signedOutAt = at < record.signedInAt ? record.signedInAt : at;
    record.signOutKind = kind;
    recordActivity(tx, {
      projectId: actor.projectId,
      actorId: actor.actorId,
      entityType: IN_OUT_ENTITY_TYPE,
      entityId: actor.projectId,
      action: kind === "automatic" ? "signed-out-automatically" : "signed-out",
      after: { ...logEntry(record), how: kind, at: record.signedOutAt.toISOString() },
    });
    return record;
  });
}

/** The instant of a HH:mm on a site day, on the project's clock. */
export const instantOn = (day: string, time: string, zone: string) =>
  zonedTimeToUtc(day, Math.floor(minutesOf(time) / 60), minutesOf(time) % 60, zone);

export type CorrectionOutcome = "corrected" | "not-found" | "already-in";

/**
 * New sign-in and sign-out times (HH:mm on the stay's site day) with the reason, in the log with the times
 * before and after. Opening a closed stay again (no sign-out time) is refused when the person is in again.
 */
export async function correctStay(
  em: EntityManager,
  actor: Actor,
  recordId: string,
  values: CorrectionValues,
): Promise<CorrectionOutcome> {
  try {
    return await em.transactional(async (tx) => {
      const record = await tx.findOne(OperationInOutRecord, { id: recordId, project: actor.projectId });
      if (!record) return "not-found";
      const day = dayOf(record.siteDay);
      const before = {
        signedInAt: record.signedInAt.toISOString(),
        signedOutAt: record.signedOutAt?.toISOString() ?? null,
      };
      record.signedInAt = instantOn(day, values.signedIn, actor.zone);
      if (values.signedOut) {
        record.signedOutAt = instantOn(day, values.signedOut, actor.zone);
        record.signOutKind ??= "manual";
      } else if (record.signedOutAt) {
        const other = await tx.count(OperationInOutRecord, {
          project: actor.projectId,
          personKey: record.personKey,
          signedOutAt: null,
        });
        if (other > 0) return "already-in";
        record.signedOutAt = null;
        record.signOutKind = null;
      }
      recordActivity(tx, {
        projectId: actor.projectId,
        actorId: actor.actorId,
        entityType: IN_OUT_ENTITY_TYPE,
        entityId: actor.projectId,
        action: "corrected",
        before,
        after: {
          ...logEntry(record),
          signedInAt: record.signedInAt.toISOString(),
          signedOutAt: record.signedOutAt?.toISOString() ?? null,
          reason: values.reason,
        },
      });
      return "corrected";
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) return "already-in";
    throw error;
  }
}

/** Deletes a stay (a sign-in by mistake); its line in the log keeps who and when. */
export async function deleteStay(em: EntityManager, actor: Omit<Actor, "zone">, recordId: string) {
  return em.transactional(async (tx) => {
    const record = await tx.findOne(OperationInOutRecord, { id: recordId, project: actor.projectId });
    if (!record) return false;
    recordActivity(tx, {
      projectId: actor.projectId,
      actorId: actor.actorId,
      entityType: IN_OUT_ENTITY_TYPE,
      entityId: actor.projectId,
      action: "deleted",
      before: {
        ...logEntry(record),
        signedInAt: record.signedInAt.toISOString(),
        signedOutAt: record.signedOutAt?.toISOString() ?? null,
      },
    });
    tx.remove(record);
    return true;
  });
}

/** A `date` column as YYYY-MM-DD (the ORM hands `date` properties over as text). */
export const dayOf = (value: unknown): string => String(value).slice(0, 10);
