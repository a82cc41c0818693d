import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, type IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import type { LotStatus, LotSubStatus } from "../domain/lot-workflow";
import {
  type ILot,
  Itp,
  ItpItem,
  Lot,
  LotDtiAudit,
  LotEquipment,
  LotItemCheck,
  LotItp,
  LotRelation,
} from "../entities";
import * as lotDetail from "../routes/lot-detail";
import * as lotHpWp from "../routes/lot-hp-wp";

const db = setupTestDatabase();

const memberWith = (project: IProject, grantedActions: string[], name?: string) =>
  signedInMember(db.em, project, grantedActions, name ? { name } : {});

let sequence = 0;
async function makeLot(
  project: IProject,
  state: { status?: LotStatus; subStatus?: LotSubStatus | null } = {},
) {
  const em = scopeToProject(db.em, project.id);
  sequence += 1;
  const lot = em.create(Lot, {
    project,
    number: `LOT-${String(sequence).padStart(4, "0")}`,
    title: `Pour ${sequence}`,
    status: state.status ?? "open",
    subStatus: state.subStatus ?? null,
  } as never) as ILot;
  await em.flush();
  return lot;
}

async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "quality");
  return (messages ?? []).map((message) => translateMessage(t as never, message));
}

const post = (lot: ILot, cookie: string, form: Record<string, string>) =>
  callAction(lotDetail, `/quality/lot/${lot.id}`, { cookie, params: { id: lot.id }, form });
const detailOf = (lot: ILot, cookie: string) =>
  callLoader(lotDetail, `/quality/lot/${lot.id}`, { cookie, params: { id: lot.id } });
const scoped = (project: IProject) => scopeToProject(db.em, project.id);

describe("lot equipment", () => {
  it("adds and removes equipment, logging both, and refuses a blank name", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view", "quality.lot.edit"]);
    const lot = await makeLot(project);

    const blank = await post(lot, cookie, { intent: "equipment-add", name: "" });
    expect(blank.status).toBe(400);
    expect(await english(blank.data.error.name)).toEqual(["This field is required"]);
    expect(await scoped(project).count(LotEquipment, {})).toBe(0);

    const added = await post(lot, cookie, {
      intent: "equipment-add",
      name: "Concrete pump",
      description: "42 m boom",
    });
    expect(added.status).toBe(302);
    const detail = await detailOf(lot, cookie);
    expect(detail.data.detail.equipment).toEqual([
      { id: expect.any(String), name: "Concrete pump", description: "42 m boom" },
    ]);
    const removed = await post(lot, cookie, {
      intent: "equipment-remove",
      id: detail.data.detail.equipment[0].id,
    });
    expect(removed.status).toBe(302);
    expect(await scoped(project).count(LotEquipment, {})).toBe(0);
    const actions = (
      await scoped(project).find(ActivityLog, { entityId: lot.id }, { orderBy: { createdAt: "asc" } })
    ).map((entry) => entry.action);
    expect(actions).toEqual(["equipment-added", "equipment-removed"]);
  });

  it("refuses a member without quality.lot.edit with 403 and closed lots with a toast", async () => {
    const project = await createProject(db.em);
    const viewer = await memberWith(project, ["quality.lot.view"]);
    const editor = await memberWith(project, ["quality.lot.view", "quality.lot.edit"]);
    const lot = await makeLot(project);
    const closed = await makeLot(project, { status: "closed", subStatus: "external_approved" });

    const refused = await post(lot, viewer.cookie, { intent: "equipment-add", name: "Roller" });
    expect(refused.status).toBe(403);
    expect((await detailOf(lot, viewer.cookie)).data.canEditRecords).toBe(false);
    const onClosed = await post(closed, editor.cookie, { intent: "equipment-add", name: "Roller" });
    expect(onClosed.status).toBe(302);
    expect(await scoped(project).count(LotEquipment, {})).toBe(0);
  });
});

describe("related lots", () => {
  it("relates lots by number, shows the relation from both sides, refuses self and duplicates", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view", "quality.lot.edit"]);
    const pour = await makeLot(project);
    const rebar = await makeLot(project);
    const foreign = await makeLot(other);

    const added = await post(pour, cookie, {
      intent: "relation-add",
      relatedNumber: rebar.number.toLowerCase(),
    });
    expect(added.status).toBe(302);
    const fromRebar = await detailOf(rebar, cookie);
    expect(fromRebar.data.detail.relations).toEqual([
      expect.objectContaining({ lotId: pour.id, number: pour.number, status: "open" }),
    ]);

    const self = await post(pour, cookie, { intent: "relation-add", relatedNumber: pour.number });
    expect(await english(self.data.error.relatedNumber)).toEqual(["A lot cannot be related to itself"]);
    const reverse = await post(rebar, cookie, { intent: "relation-add", relatedNumber: pour.number });
    expect(await english(reverse.data.error.relatedNumber)).toEqual(["These lots are already related"]);
    const elsewhere = await post(pour, cookie, {
      intent: "relation-add",
      relatedNumber: `${foreign.number}X`,
    });
    expect(await english(elsewhere.data.error.relatedNumber)).toEqual([
      "No lot of this project has this number",
    ]);
    expect(await scoped(project).count(LotRelation, {})).toBe(1);

    const removed = await post(rebar, cookie, {
      intent: "relation-remove",
      id: fromRebar.data.detail.relations[0].id,
    });
    expect(removed.status).toBe(302);
    expect(await scoped(project).count(LotRelation, {})).toBe(0);
  });
});

describe("DTI lot audit", () => {
  it("is saved and signed by a holder of lot-dti-sign, who is shown as the signer", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(
      project,
      ["quality.lot.view", "quality.lot.lot-dti-sign"],
      "Dana Auditor",
    );
    const viewer = await memberWith(project, ["quality.lot.view", "quality.lot.edit"]);
    const lot = await makeLot(project);
    const form = {
      intent: "dti-save",
      auditorName: "Dana Auditor",
      auditedOn: "2026-05-02",
      processCompleted: "on",
      comments: "All records present",
    };

    const refused = await post(lot, viewer.cookie, form);
    expect(refused.status).toBe(403);
    const missing = await post(lot, cookie, { intent: "dti-save", auditorName: "", auditedOn: "" });
    expect(missing.status).toBe(400);
    expect(await english(missing.data.error.auditorName)).toEqual(["This field is required"]);
    expect(await scoped(project).count(LotDtiAudit, {})).toBe(0);

    expect((await post(lot, cookie, form)).status).toBe(302);
    const detail = await detailOf(lot, cookie);
    expect(detail.data.canSignDti).toBe(true);
    expect(detail.data.detail.dti).toMatchObject({
      auditorName: "Dana Auditor",
      auditedOn: "2026-05-02",
      processCompleted: true,
      comments: "All records present",
      signature: null,
      signedByName: "Dana Auditor",
    });
    expect(detail.data.detail.activity[0]).toMatchObject({
      action: "dti-audit-signed",
      actorName: "Dana Auditor",
    });
  });
});

describe("HP/WP tab", () => {
  it("lists the hold and witness points of the lot's ITPs with their check state", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view"]);
    const lot = await makeLot(project);
    const foreign = await makeLot(other);
    const em = scoped(project);

    const empty = await callLoader(lotHpWp, `/quality/lot/${lot.id}/hp-wp`, {
      cookie,
      params: { id: lot.id },
    });
    expect(empty.data.itps).toEqual([]);

    const itp = em.create(Itp, { project, number: "ITP-0007", title: "Deck" } as never);
    const item = (position: number, activity: string, inspectionPoint: string) =>
      em.create(ItpItem, {
        project,
        itp,
        position,
        activity,
        inspectionPoint,
        acceptanceCriteria: "Per spec",
      } as never);
    item(1, "Set out", "C");
    const hold = item(2, "Reinforcement", "H");
    item(3, "Pour", "W");
    em.create(LotItp, { project, lot: lot.id, itp } as never);
    em.create(LotItemCheck, { project, lot: lot.id, item: hold, state: "conforming" } as never);
    await em.flush();

    const result = await callLoader(lotHpWp, `/quality/lot/${lot.id}/hp-wp`, {
      cookie,
      params: { id: lot.id },
    });
    expect(result.data.frame.number).toBe(lot.number);
    expect(result.data.itps).toHaveLength(1);
    expect(result.data.itps[0].points.map((p: any) => [p.activity, p.kind, p.check, p.point.state])).toEqual([
      ["Reinforcement", "H", "conforming", "not_started"],
      ["Pour", "W", "pending", "not_started"],
    ]);
    const notHere = await callLoader(lotHpWp, `/quality/lot/${foreign.id}/hp-wp`, {
      cookie,
      params: { id: foreign.id },
    });
    expect(notHere.status).toBe(404);
  });
});
