/**
 * A project's locations as a tree, built from flat rows (id, parentId): pure, no Remix, no MikroORM, so the
 * server, the browser and the quality module's pickers share it.
 */

/** The separator of a location's full name: "Bridge › Span 2 › Deck". */
export const LOCATION_NAME_SEPARATOR = " › ";

export type LocationRow = {
  id: string;
  parentId: string | null;
  name: string;
  sortOrder?: number;
};

export type LocationNode = {
  id: string;
  parentId: string | null;
  name: string;
  sortOrder: number;
  /** 0 for a root. */
  depth: number;
  /** The names from the root down to this location, itself included: "Bridge › Span 2 › Deck". */
  ancestorsName: string;
  /** Root first, this location excluded. */
  ancestorIds: string[];
  children: LocationNode[];
};

const bySortOrderThenName = (a: LocationRow, b: LocationRow) =>
  (a.sortOrder ?? 0) - (b.sortOrder ?? 0) ||
  a.name.localeCompare(b.name, "en", { numeric: true, sensitivity: "base" }) ||
  a.id.localeCompare(b.id);

/**
 * Nests the rows under their parents, siblings by sort order then name ("Span 2" before "Span 10").
 * A row whose parent is not in the list (filtered out, or deleted meanwhile) becomes a root rather than
 * vanishing; rows caught in a cycle (which the service never writes) are left out instead of looping.
 */
export function buildLocationTree(rows: readonly LocationRow[]): LocationNode[] {
  const ids = new Set(rows.map((row) => row.id));
  const childrenOf = new Map<string | null, LocationRow[]>();
  for (const row of rows) {
    const parentKey = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    const siblings = childrenOf.get(parentKey) ?? [];
    siblings.push(row);
    childrenOf.set(parentKey, siblings);
  }
  const build = (parent: LocationNode | null): LocationNode[] =>
    [...(childrenOf.get(parent?.id ?? null) ?? [])].sort(bySortOrderThenName).map((row) => {
      const node: LocationNode = {
        id: row.id,
        parentId: parent?.id ?? null,
        name: row.name,
        sortOrder: row.sortOrder ?? 0,
        depth: parent ? parent.depth + 1 : 0,
        ancestorsName: parent ? `${parent.ancestorsName}${LOCATION_NAME_SEPARATOR}${row.name}` : row.name,
        ancestorIds: parent ? [...parent.ancestorIds, parent.id] : [],
        children: [],
      };
      node.children = build(node);
      return node;
    });
  return build(null);
}

/** Every node, depth first in display order: the options of a location picker (indent by `depth`). */
export function flattenLocationTree(nodes: readonly LocationNode[]): LocationNode[] {
  return nodes.flatMap((node) => [node, ...flattenLocationTree(node.children)]);
}

/** The node with this id anywhere in the tree. */
export function findLocationNode(nodes: readonly LocationNode[], id: string): LocationNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findLocationNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The ids of a node and everything under it: "records at Span 2" includes those at its deck. */
export function subtreeIds(node: LocationNode): string[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

/** Per location, its own count plus its descendants' (a caller's counts per location id). */
export function subtreeCounts(
  nodes: readonly LocationNode[],
  counts: Readonly<Record<string, number>>,
): Record<string, number> {
  const totals: Record<string, number> = {};
  const total = (node: LocationNode): number => {
    const sum = (counts[node.id] ?? 0) + node.children.reduce((acc, child) => acc + total(child), 0);
    totals[node.id] = sum;
    return sum;
  };
  for (const node of nodes) total(node);
  return totals;
}

/** The materialized path stored on a location: "/" for a root, "/<rootId>/…/<parentId>/" below. */
export function childPath(parent: { id: string; path: string } | null): string {
  return parent ? `${parent.path}${parent.id}/` : "/";
}

/** Whether `candidate` (by its stored path) lies in the subtree of the location `id`, itself included. */
export function isInSubtree(candidate: { id: string; path: string }, id: string): boolean {
  return candidate.id === id || candidate.path.includes(`/${id}/`);
}
