import { describe, expect, it } from "vitest";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, signedInMember } from "~/tests/setup/requests";
import { LotEquipment } from "../entities";
import * as lotDetail from "../routes/lot-detail";
import { makeLot } from "./reports-fixtures";

const db = setupTestDatabase();

/** The lot page's intents are declared in the manifest and checked by the guard before the action runs. */
describe("intents of the lot page, guarded from the manifest", () => {
  async function post(grantedActions: string[], form: Record<string, string>) {
    const project = await createProject(db.em);
    const lot = await makeLot(db.em, project);
    const { cookie } = await signedInMember(db.em, project, grantedActions);
    const path = `/quality/lot/${lot.id}`;
    return { lot, result: await callAction(lotDetail, path, { cookie, params: { id: lot.id }, form }) };
  }

  it("refuses an intent the manifest does not declare (400)", async () => {
    const { result } = await post(["quality.lot.view", "quality.lot.edit"], { intent: "drop-table" });
    expect(result.status).toBe(400);
  });

  it("refuses an intent the user may not send (403) and writes nothing", async () => {
    const { lot, result } = await post(["quality.lot.view"], {
      intent: "equipment-add",
      name: "Excavator 20t",
    });
    expect(result.status).toBe(403);
    expect(await db.em.count(LotEquipment, { lot: lot.id }, { filters: false })).toBe(0);
  });

  it("refuses a workflow step the lot table does not have (400), and one for a user with no part in it (403)", async () => {
    const unknownStep = await post(["quality.lot.view", "quality.lot.update-status"], {
      intent: "transition",
      action: "demolish",
    });
    expect(unknownStep.result.status).toBe(400);
    const viewer = await post(["quality.lot.view"], { intent: "transition", action: "start_work" });
    expect(viewer.result.status).toBe(403);
  });

  it("lets the intent through when granted", async () => {
    const { lot, result } = await post(["quality.lot.view", "quality.lot.edit"], {
      intent: "equipment-add",
      name: "Excavator 20t",
    });
    expect(result.status).toBe(302);
    expect(await db.em.count(LotEquipment, { lot: lot.id }, { filters: false })).toBe(1);
  });
});
