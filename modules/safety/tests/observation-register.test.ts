import { describe, expect, it } from "vitest";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader } from "~/tests/setup/requests";
import * as observationRegister from "../routes/observation-register";
import { makeLocation, makeObservation, observationSite } from "./observation-fixtures";

const db = setupTestDatabase();

describe("the observations register", () => {
  it("searches and filters by status, type, location (and below), assignee and day, and pages in the URL", async () => {
    const project = await createProject(db.em);
    const { engineer, worker, viewer } = await observationSite(db.em, project);
    const tower = await makeLocation(db.em, project, "Tower A");
    const stair = await makeLocation(db.em, project, "Stair core", tower.id);
    const yard = await makeLocation(db.em, project, "Laydown yard");
    // A place no observation is at is not offered by the filter.
    await makeLocation(db.em, project, "Gate 3");
    const kinds = ["positive", "unsafe_act", "unsafe_condition"] as const;
    for (let n = 1; n <= 12; n += 1)
      await makeObservation(db.em, project, {
        number: `OBS-${String(n).padStart(4, "0")}`,
        kind: kinds[n % 3],
        title: n === 5 ? "Missing toe board" : `Observation ${n}`,
        status: n % 3 === 0 ? "closed" : n % 2 ? "open" : "in_progress",
        location: n % 4 === 0 ? yard.id : n % 2 ? stair.id : tower.id,
        assignee: n % 3 === 0 ? null : n % 2 ? worker.user : engineer.user,
        createdBy: engineer.user,
        observedOn: `2026-11-${String(n).padStart(2, "0")}`,
      });
    const load = (search: string) =>
      callLoader(observationRegister, `/safety/observation${search}`, { cookie: viewer.cookie });
    const numbers = async (search: string) =>
      (await load(search)).data.register.rows.map((row: { number: string }) => row.number);
    const all = await load("");
    expect(all.status).toBe(200);
    expect(all.data.register.total).toBe(12);
    expect(all.data.register.rows[0]).toMatchObject({ number: "OBS-0012", location: "Laydown yard" });
    expect(all.data.register.filters.locations.map((l: { label: string }) => l.label)).toEqual([
      "Tower A",
      "Tower A › Stair core",
      "Laydown yard",
    ]);
    expect(await numbers("?page=2")).toEqual(["OBS-0002", "OBS-0001"]);
    expect(await numbers("?q=toe")).toEqual(["OBS-0005"]);
    expect(await numbers("?q=obs-0011")).toEqual(["OBS-0011"]);
    expect(await numbers("?status=closed")).toEqual(["OBS-0012", "OBS-0009", "OBS-0006", "OBS-0003"]);
    expect(await numbers("?kind=positive")).toEqual(["OBS-0012", "OBS-0009", "OBS-0006", "OBS-0003"]);
    // Tower A takes its stair core too; the yard is elsewhere.
    expect(await numbers(`?location=${stair.id}`)).toEqual([
      "OBS-0011",
      "OBS-0009",
      "OBS-0007",
      "OBS-0005",
      "OBS-0003",
      "OBS-0001",
    ]);
    expect((await numbers(`?location=${tower.id}`)).length).toBe(9);
    expect(await numbers(`?assignee=${engineer.user.id}`)).toEqual([
      "OBS-0010",
      "OBS-0008",
      "OBS-0004",
      "OBS-0002",
    ]);
    expect(await numbers("?from=2026-11-03&to=2026-11-05&sort=observedOn&dir=asc")).toEqual([
      "OBS-0003",
      "OBS-0004",
      "OBS-0005",
    ]);
    // A filter the URL got wrong is ignored, not an error.
    expect((await load("?status=nonsense&from=2026-13-01")).data.register.total).toBe(12);
  });
});
