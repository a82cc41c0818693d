import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { projectOwned } from "../project-scope";
import { createdAtProperty, idProperty, updatedAtProperty } from "./common";
import { Project } from "./project";

/**
 * A place on a project's site (Bridge › Span 2 › Deck) that lots, inspections and records point to.
 *
 * `path` is the chain of ancestor ids, "/" for a root and "/<rootId>/<parentId>/" below it: a subtree is
 * one `path like` query, and the unique (project, path, nameKey) keeps sibling names apart, roots included
 * (a unique on a nullable parent would let two roots share a name, since NULLs differ in PostgreSQL).
 */
export const Location = projectOwned(
  defineEntity({
    name: "Location",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      // Restrict: a location with children is never deleted by accident; the service refuses first.
      parent: () => p.manyToOne(Location).nullable().deleteRule("restrict"),
      name: p.string().length(200),
      /** The name folded for comparison ("Span  2" = "span 2"), so siblings cannot differ only in case. */
      nameKey: p.string().length(200),
      path: p.text(),
      sortOrder: p.integer().default(0),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "path", "nameKey"] }],
  }),
);
export type ILocation = InferEntity<typeof Location>;
