import type { Submission } from "@conform-to/zod/v4";
import type { EntityName } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";

/**
 * The steps the rostering registers' actions (personnel, crews, allocation, schedule cards) share around their
 * own checks and writes: a refusal that keeps the form, the activity entry and the way back with a toast.
 */

type Parsed = Pick<Submission<unknown>, "reply">;
type Errors = Parameters<Parsed["reply"]>[0];

/** A refused post: the form comes back with its values and messages; nothing is written. 409: still in use. */
export const refuse = (submission: Parsed, errors?: Errors, status = 400) =>
  data(submission.reply(errors), { status });

/** A refusal of one field, by message key. */
export const refuseField = (
  submission: Parsed,
  field: string,
  key: string,
  params?: Record<string, string | number>,
) => refuse(submission, { fieldErrors: { [field]: [message(key, params)] } });

/**
 * A register's steps for one entity type: its activity entries, its writes (each with its entry, in one
 * transaction) and its way back to its page with a success toast.
 */
export function registerSteps(context: ProjectContext, path: string, entityType: string) {
  const { em, project, user } = context;
  const log = (tx: EntityManager, entityId: string, action: string, extra: object) =>
    recordActivity(tx, { projectId: project.id, actorId: user.id, entityType, entityId, action, ...extra });
  return {
    log,
    back: (text: string, params?: Record<string, string | number>) =>
      redirectWithToast(path, { type: "success", message: text, params }),
    /**
     * Writes `fields` to the record `id` ("updated"), or without an id makes a new record of `fields` and
     * `scope` (what it belongs to, e.g. its project; "created"). `activity` is the entry's before/after.
     */
    save: <T extends object>(
      entity: EntityName<T>,
      id: string | null | undefined,
      fields: object,
      activity: object,
      scope: object = {},
    ) =>
      em.transactional(async (tx) => {
        if (id) {
          tx.assign(await tx.findOneOrFail(entity, id as never), fields as never);
          log(tx, id, "updated", activity);
        } else {
          const record = tx.create(entity, { ...scope, ...fields } as never) as { id: string };
          log(tx, record.id, "created", activity);
        }
      }),
    /** Deletes the record `id`; `before` is what the entry keeps of it. */
    remove: <T extends object>(entity: EntityName<T>, id: string, before: object) =>
      em.transactional(async (tx) => {
        tx.remove(tx.getReference(entity, id as never));
        log(tx, id, "deleted", { before });
      }),
  };
}
