import type { EntityManager } from "@mikro-orm/postgresql";
import { listLocationTree } from "~/server/locations/locations.server";
import { findLocationNode, flattenLocationTree, subtreeIds } from "~/server/locations/tree";

/**
 * A safety register's location filter: the place picked and every place below it (a place that is not the
 * project's matches nothing, rather than everything), each row's place by its full name ("Tower A › Stair
 * core"), and the filter's choices — the places the register's records are at and the places above them,
 * not the whole tree (a bridge's hundred places would weigh down every page).
 */
export async function registerLocations(em: EntityManager, projectId: string, picked: string | null) {
  const tree = await listLocationTree(em, projectId);
  const places = flattenLocationTree(tree);
  const node = picked ? findLocationNode(tree, picked) : undefined;
  const placeName = new Map(places.map((place) => [place.id, place.ancestorsName]));
  return {
    ids: picked ? (node ? subtreeIds(node) : [picked]) : null,
    nameOf: (id: string | null) => (id ? (placeName.get(id) ?? null) : null),
    choices(usedIds: readonly string[]) {
      const offered = new Set<string>(picked ? [picked] : []);
      for (const id of usedIds) {
        const used = findLocationNode(tree, id);
        for (const placeId of used ? [...used.ancestorIds, used.id] : []) offered.add(placeId);
      }
      return places
        .filter((place) => offered.has(place.id))
        .map((place) => ({ value: place.id, label: place.ancestorsName }));
    },
  };
}
