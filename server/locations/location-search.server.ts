import type { EntityManager } from "@mikro-orm/postgresql";
import { isUuid } from "~/server/http/responses";
import { listLocationTree } from "./locations.server";
import { findLocationNode, flattenLocationTree, type LocationNode, subtreeIds } from "./tree";

/**
 * A register's location filter, searched rather than listed: a project of a thousand locations would put
 * every one of them in the page. The picker asks for the locations whose full name ("Pier 2 › Pile cap")
 * holds what the user types; without JavaScript the typed text is sent with the filter form and the register
 * turns it into the same locations. A chosen location stands for itself and everything below it.
 */

export type LocationChoice = { value: string; label: string };

/** Enough to pick from while typing; a longer list means the text should be longer. */
export const LOCATION_SEARCH_LIMIT = 20;

const choiceOf = (node: LocationNode): LocationChoice => ({ value: node.id, label: node.ancestorsName });

/** The project's locations whose full name contains the text (any case), in the tree's order. */
export async function searchLocations(
  em: EntityManager,
  projectId: string,
  text: string,
  limit = LOCATION_SEARCH_LIMIT,
): Promise<LocationChoice[]> {
  const wanted = text.trim().slice(0, 200).toLocaleLowerCase();
  const all = flattenLocationTree(await listLocationTree(em, projectId));
  const found = wanted ? all.filter((node) => node.ancestorsName.toLocaleLowerCase().includes(wanted)) : all;
  return found.slice(0, limit).map(choiceOf);
}

/**
 * What a register's location filter reads from its URL: the chosen locations (labelled, for their ticked
 * boxes), the ids they cover (each with everything below it; null when none is chosen) and the full names
 * of a page's rows' locations.
 */
export async function locationFilter(em: EntityManager, projectId: string, chosenIds: readonly string[]) {
  const tree = await listLocationTree(em, projectId);
  const chosen = chosenIds
    .filter(isUuid)
    .map((id) => findLocationNode(tree, id))
    .filter((node): node is LocationNode => Boolean(node));
  return {
    chosen: chosen.map(choiceOf),
    coveredIds: chosenIds.length ? [...new Set(chosen.flatMap(subtreeIds))] : null,
    fullName: (id: string | null) => (id ? (findLocationNode(tree, id)?.ancestorsName ?? null) : null),
  };
}
