import type { EntityManager } from "@mikro-orm/postgresql";
import { nextNumber } from "~/server/db/counters";
import { readProjectSettings } from "~/server/settings/settings.server";
import { type NumberedKind, withPrefix } from "../domain/numbering";

/**
 * The next number of a quality record in the caller's transaction, with the prefix of the project's
 * numbering settings (/quality/settings): the same counter whatever the prefix, so a renamed prefix never
 * repeats a number.
 */
export async function nextQualityNumber(tx: EntityManager, projectId: string, kind: NumberedKind) {
  const settings = await readProjectSettings(tx, projectId, "quality", "numbering");
  return withPrefix(kind, await nextNumber(tx, projectId, kind), settings);
}
