import type { MikroORM } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * Recurring work (a module's daily reminders, a nightly sign-out): a name, a cron expression (in UTC) and what
 * a tick does. The workers (jobs.server startJobs) hand each schedule to pg-boss, which keeps it in the
 * database and sends each occurrence once whatever the number of server processes, and once more on start
 * for an occurrence missed while the server was down. A tick usually enqueues one job run per project, so
 * each project's work is its own run with its own outcome.
 */
export type ScheduleTick = {
  /** A fresh EntityManager of its own. */
  em: EntityManager;
  /** When the tick runs (the occurrence, give or take pg-boss's polling). */
  at: Date;
};

export type ScheduleDefinition = {
  /** Also pg-boss's queue name: letters, digits, dots, dashes. */
  name: string;
  cron: string;
  run(tick: ScheduleTick): Promise<void>;
};

const schedules = new Map<string, ScheduleDefinition>();

/** Declares a schedule; modules call it while their setup code loads, before the workers start. */
export function defineSchedule(definition: ScheduleDefinition): ScheduleDefinition {
  const known = schedules.get(definition.name);
  if (known && known !== definition) throw new Error(`Schedule "${definition.name}" is defined twice`);
  if (!/^[\w.-]+$/.test(definition.name))
    throw new Error(`Schedule name "${definition.name}" is not a queue name`);
  schedules.set(definition.name, definition);
  return definition;
}

export function definedSchedules(): ScheduleDefinition[] {
  return [...schedules.values()];
}

/** Runs one tick of a schedule now: what the workers do on an occurrence, and what tests call. */
export async function runScheduleTick(orm: MikroORM, name: string, at = new Date()): Promise<void> {
  const definition = schedules.get(name);
  if (!definition) throw new Error(`No schedule named "${name}"`);
  await definition.run({ em: orm.em.fork() as EntityManager, at });
}
