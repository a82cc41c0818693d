/**
 * The plant page's Enforcement scans tab, built from Safety's scans through the core's enforcement.scans point
 * (plant never imports safety). A cross-module test, so it lives outside both modules.
 */
import { describe, expect, it } from "vitest";
import { PlantItem } from "~/modules/plant/entities";
import * as plantDetail from "~/modules/plant/routes/plant-detail";
import { SafetyEnforcementScan } from "~/modules/safety/entities";
import { setModuleEnabled } from "~/server/settings/project-modules.server";
import { createCompany, createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader, signedInMember } from "~/tests/setup/requests";

const db = setupTestDatabase();

async function plantWithScans() {
  const project = await createProject(db.em, { name: "Harbour Tunnel" });
  const owner = await createCompany(db.em, { name: "Coates Hire" });
  const em = db.em;
  const plant = em.create(PlantItem, {
    project,
    number: "PLT-0001",
    make: "Komatsu",
    model: "PC210",
    serial: "xab 123",
    serialKey: "XAB 123",
    ownerCompany: owner,
    status: "ACTIVE",
  } as never);
  await em.flush();
  const scan = (number: string, objectType: string, objectId: string, objectName: string, status: string) =>
    em.create(SafetyEnforcementScan, { project, number, objectType, objectId, objectName, status } as never);
  scan("ENF-0001", "PLANT_AND_MACHINERY", "XAB 123", "Komatsu excavator", "PASS");
  scan("ENF-0002", "PLANT_AND_MACHINERY", plant.id.toUpperCase(), "PLT-0001", "FAIL");
  scan("ENF-0003", "PLANT_AND_MACHINERY", "TAG-77", " xab  123 ", "PASS");
  // Not this plant: another tag, or the same tag on a worker.
  scan("ENF-0004", "PLANT_AND_MACHINERY", "XAB 999", "Other excavator", "PASS");
  scan("ENF-0005", "WORKER", "XAB 123", "Sam Lee", "PASS");
  await em.flush();
  return { project, plant };
}

const scansTab = (cookie: string, id: string) =>
  callLoader(plantDetail, `/plants-and-machinery/${id}?tab=scans`, { cookie, params: { id } });

describe("a plant item's enforcement scans", () => {
  it("lists Safety's scans of the plant: by its id, its registration as the tag, or as the name scanned", async () => {
    const { project, plant } = await plantWithScans();
    const { cookie } = await signedInMember(db.em, project, [
      "plant.register.view",
      "safety.enforcement.view",
    ]);
    const page = await scansTab(cookie, plant.id);
    expect(page.status).toBe(200);
    expect(page.data.plant.scans.state).toBe("shown");
    expect(
      page.data.plant.scans.scans.map((scan: { number: string; result: string }) => [
        scan.number,
        scan.result,
      ]),
    ).toEqual([
      ["ENF-0003", "PASS"],
      ["ENF-0002", "FAIL"],
      ["ENF-0001", "PASS"],
    ]);
    expect(page.data.plant.scans.scans[0].href).toMatch(/^\/safety\/enforcement\//);
  });

  it("says so when Safety is switched off for the project, or the user may not see scans", async () => {
    const { project, plant } = await plantWithScans();
    const member = await signedInMember(db.em, project, ["plant.register.view", "safety.enforcement.view"]);
    const plantOnly = await signedInMember(db.em, project, ["plant.register.view"]);
    expect((await scansTab(plantOnly.cookie, plant.id)).data.plant.scans).toEqual({ state: "hidden" });
    await setModuleEnabled(db.em, {
      projectId: project.id,
      moduleId: "safety",
      enabled: false,
      actorId: member.user.id,
    });
    expect((await scansTab(member.cookie, plant.id)).data.plant.scans).toEqual({ state: "off" });
  });
});
