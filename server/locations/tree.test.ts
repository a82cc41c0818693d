import { describe, expect, it } from "vitest";
import {
  buildLocationTree,
  childPath,
  findLocationNode,
  flattenLocationTree,
  isInSubtree,
  subtreeCounts,
  subtreeIds,
} from "./tree";

const rows = [
  { id: "deck", parentId: "span2", name: "Deck" },
  { id: "span10", parentId: "bridge", name: "Span 10" },
  { id: "span2", parentId: "bridge", name: "Span 2" },
  { id: "bridge", parentId: null, name: "Bridge" },
  { id: "yard", parentId: null, name: "Yard", sortOrder: -1 },
];

describe("buildLocationTree", () => {
  it("nests rows under their parents with the full name of each place", () => {
    const tree = buildLocationTree(rows);
    const deck = findLocationNode(tree, "deck");
    expect(deck?.ancestorsName).toBe("Bridge › Span 2 › Deck");
    expect(deck?.depth).toBe(2);
    expect(deck?.ancestorIds).toEqual(["bridge", "span2"]);
    expect(findLocationNode(tree, "bridge")?.ancestorsName).toBe("Bridge");
  });

  it("orders siblings by sort order, then by name with numbers read as numbers", () => {
    const tree = buildLocationTree(rows);
    expect(tree.map((node) => node.name)).toEqual(["Yard", "Bridge"]);
    expect(tree[1].children.map((node) => node.name)).toEqual(["Span 2", "Span 10"]);
  });

  it("keeps a row whose parent is missing, as a root", () => {
    const tree = buildLocationTree([{ id: "deck", parentId: "gone", name: "Deck" }]);
    expect(tree).toMatchObject([{ id: "deck", parentId: null, depth: 0, ancestorsName: "Deck" }]);
  });

  it("leaves out rows caught in a cycle instead of looping", () => {
    const tree = buildLocationTree([
      { id: "a", parentId: "b", name: "A" },
      { id: "b", parentId: "a", name: "B" },
      { id: "c", parentId: null, name: "C" },
    ]);
    expect(flattenLocationTree(tree).map((node) => node.id)).toEqual(["c"]);
  });

  it("gives an empty tree for no rows", () => {
    expect(buildLocationTree([])).toEqual([]);
  });
});

describe("tree helpers", () => {
  const tree = buildLocationTree(rows);

  it("flattens depth first in display order", () => {
    expect(flattenLocationTree(tree).map((node) => `${node.depth}:${node.name}`)).toEqual([
      "0:Yard",
      "0:Bridge",
      "1:Span 2",
      "2:Deck",
      "1:Span 10",
    ]);
  });

  it("lists a subtree's ids and sums counts up the tree", () => {
    const bridge = findLocationNode(tree, "bridge");
    expect(bridge && subtreeIds(bridge)).toEqual(["bridge", "span2", "deck", "span10"]);
    expect(subtreeCounts(tree, { deck: 3, span2: 1, span10: 2 })).toEqual({
      yard: 0,
      bridge: 6,
      span2: 4,
      deck: 3,
      span10: 2,
    });
  });

  it("builds paths and recognises a subtree by path", () => {
    expect(childPath(null)).toBe("/");
    const bridge = { id: "bridge", path: childPath(null) };
    const span = { id: "span", path: childPath(bridge) };
    const deck = { id: "deck", path: childPath(span) };
    expect(deck.path).toBe("/bridge/span/");
    expect(isInSubtree(deck, "bridge")).toBe(true);
    expect(isInSubtree(span, "span")).toBe(true);
    expect(isInSubtree(bridge, "span")).toBe(false);
  });
});
