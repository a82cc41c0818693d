import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { coreRoutes } from "~/app/core-routes";
import { moduleManifests } from "~/modules/index";
import { buildRegistry } from "./registry";

/**
 * Route matching runs on @remix-run/router as patched (patches/@remix-run+router+1.23.3.patch): a tree is ranked
 * once (kept by the tree, and by its shape for the new tree of the same routes each render), and a branch whose
 * path starts with a fixed segment is tried only for pathnames starting with it. These cases
 * hold the patch to the router's own rules: every route of the product is found from an address made from its
 * pattern, in any letter case, and the rules that need every branch (parameters, case-sensitive paths,
 * addresses outside ASCII) still do.
 */
const product = buildRegistry(moduleManifests, coreRoutes);

const addressOf = (pattern: string) => pattern.replace(/:[\w-]+/g, "x-1").replace(/\*$/, "deep/er");

describe("route matching", () => {
  it("finds every route of the product from an address of its own pattern, in either case", () => {
    const missed: string[] = [];
    for (const route of product.routes) {
      const address = addressOf(route.path);
      for (const variant of [address, address.toUpperCase(), `${address}/`])
        if (product.matchRoute(variant)?.route.id !== route.id)
          missed.push(`${variant} → ${product.matchRoute(variant)?.route.path ?? "nothing"}`);
    }
    expect(missed).toEqual([]);
    expect(product.routes.length).toBeGreaterThan(200);
  });

  it("still tries parameter-first, case-sensitive, splat and non-ASCII paths on every address", () => {
    // A tree shaped as Remix builds it: the root, a pathless layout, its children, and a splat.
    const routes: AgnosticRouteObject[] = [
      {
        id: "root",
        path: "",
        children: [
          {
            id: "shell",
            children: [
              { id: "home", index: true },
              { id: "list", path: "sample/list" },
              { id: "overview", path: ":slug/overview" },
              { id: "exact", path: "Exact", caseSensitive: true },
              { id: "plan", path: "straße/plan" },
            ],
          },
          { id: "not-found", path: "*" },
        ],
      },
    ];
    const matched = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.id ?? null;
    expect(matched("/")).toBe("home");
    expect(matched("/SAMPLE/List")).toBe("list");
    expect(matched("/quality/overview")).toBe("overview");
    expect(matchRoutes(routes, "/quality/overview")?.at(-1)?.params).toEqual({ slug: "quality" });
    expect(matched("/Exact")).toBe("exact");
    expect(matched("/exact")).toBe("not-found");
    expect(matched("/straße/plan")).toBe("plan");
    expect(matched("/stra%C3%9Fe/plan")).toBe("plan");
    expect(matched("/nowhere/else")).toBe("not-found");
  });

  it("answers a new tree of the same routes with that tree's own route objects", () => {
    // Remix makes a new tree of the same routes for every render: the ranking is reused, the routes are the new ones.
    const tree = (): AgnosticRouteObject[] => [
      {
        id: "root",
        path: "",
        children: [{ id: "shell", children: [{ id: "lot", path: "quality/lot/:lotId" }] }],
      },
    ];
    const first = tree();
    const second = tree();
    expect(matchRoutes(first, "/quality/lot/7")?.at(-1)?.route).toBe(first[0].children?.[0].children?.[0]);
    const again = matchRoutes(second, "/quality/lot/7");
    expect(again?.at(-1)?.route).toBe(second[0].children?.[0].children?.[0]);
    expect(again?.map((match) => match.route)).toEqual([
      second[0],
      second[0].children?.[0],
      second[0].children?.[0].children?.[0],
    ]);
    expect(again?.at(-1)?.params).toEqual({ lotId: "7" });
    // A tree of another shape is ranked on its own.
    const other: AgnosticRouteObject[] = [
      { id: "root", path: "", children: [{ id: "lot", path: "lots/:lotId" }] },
    ];
    expect(matchRoutes(other, "/lots/7")?.at(-1)?.route.id).toBe("lot");
    expect(matchRoutes(other, "/quality/lot/7")).toBeNull();
  });
});
