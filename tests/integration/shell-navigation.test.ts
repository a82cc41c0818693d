/**
 * The application frame's menu: the module the user is in shows all its pages, every other module is one
 * link to its first page. A cross-module test (quality and safety), so it lives outside both.
 */
import { describe, expect, it } from "vitest";
import * as shell from "~/app/routes/_shell";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader, signedInMember } from "~/tests/setup/requests";

const db = setupTestDatabase();

type Group = { moduleId: string; title: string; entries: { path: string; label: string }[] };

describe("the menu", () => {
  it("opens the current module's pages and shows every other module as one link to its home", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, [
      "quality.lot.view",
      "quality.itp.view",
      "quality.ncr.view",
      "safety.actions.view",
      "safety.observations.view",
    ]);
    const menuAt = async (path: string) => {
      const loaded = await callLoader(shell, path, { cookie });
      const groups = loaded.data.nav as Group[];
      return Object.fromEntries(groups.map((group) => [group.moduleId, group.entries]));
    };

    const inQuality = await menuAt("/quality/lot");
    expect(inQuality.quality.map((entry) => entry.path)).toEqual(
      expect.arrayContaining(["/quality/home", "/quality/lot", "/quality/itp", "/quality/ncr"]),
    );
    expect(inQuality.safety).toEqual([{ path: "/safety/home", label: "Safety" }]);

    const inSafety = await menuAt("/safety/actions");
    expect(inSafety.safety.map((entry) => entry.path)).toEqual([
      "/safety/home",
      "/safety/actions",
      "/safety/observation",
    ]);
    expect(inSafety.quality).toEqual([{ path: "/quality/home", label: "Quality" }]);

    // On the project's home page no module is open.
    const atHome = await menuAt("/");
    expect(atHome.quality).toHaveLength(1);
    expect(atHome.safety).toHaveLength(1);
  });
});
