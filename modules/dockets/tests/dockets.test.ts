import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createCompany, createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { Docket, DocketComment, DocketItem } from "../entities";
import * as docketCreate from "../routes/docket-create";
import * as docketDetail from "../routes/docket-detail";
import * as docketEdit from "../routes/docket-edit";
import { docketSite, makeArea, makeRate } from "./fixtures";

const db = setupTestDatabase();
const CREATE = "/dockets/create";

async function english(messages: string[] | null | undefined) {
  const dockets = await serverT("en", "dockets");
  const common = await serverT("en", "common");
  return (messages ?? []).map((text) =>
    translateMessage((text.startsWith("common:") ? common : dockets) as never, text),
  );
}

const docketsOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(Docket, {}, { orderBy: { sequence: "asc" } });
const itemsOf = (docketId: string) =>
  db.em.fork().find(DocketItem, { docket: docketId }, { orderBy: { position: "asc" }, filters: false });

type Item = Partial<Record<"rateId" | "code" | "title" | "unitOfMeasure" | "unitPrice" | "quantity", string>>;

function itemFields(items: Item[]) {
  const form: Record<string, string> = {};
  items.forEach((item, index) => {
    for (const [name, value] of Object.entries(item)) form[`items[${index}].${name}`] = value ?? "";
  });
  return form;
}

const create = (cookie: string, fields: Record<string, string>, items: Item[] = []) =>
  callAction(docketCreate, CREATE, {
    cookie,
    form: { docketDate: "2026-11-20", ...fields, ...itemFields(items) },
  });

const step = (cookie: string, id: string, action: string, extra: Record<string, string> = {}) =>
  callAction(docketDetail, `/dockets/${id}`, {
    cookie,
    params: { id },
    form: { intent: "transition", action, ...extra },
  });

describe("writing up a docket", () => {
  it("numbers it, prices its items from a rate or as typed, in cents, and keeps the total", async () => {
    const project = await createProject(db.em);
    const { clerk, earthworks } = await docketSite(db.em, project);
    const rate = await makeRate(db.em, project, { code: "LAB-01", title: "Labourer", unitPriceCents: 8550 });
    const created = await create(
      clerk.cookie,
      { companyId: earthworks.id, poNumber: "PO-77", type: "labour" },
      [
        { rateId: rate.id, quantity: "7.5" },
        { code: "FILL", title: "Fill", unitOfMeasure: "t", unitPrice: "1,234.56", quantity: "0.333" },
        {},
      ],
    );
    expect(created.status).toBe(302);
    const [docket] = await docketsOf(project);
    expect(docket.number).toBe("DKT-0001");
    expect(docket.status).toBe("draft");
    // The company's tax id is copied as the ABN when none is typed.
    expect(docket.abn).toBe("51 824 753 556");
    const items = await itemsOf(docket.id);
    expect(
      items.map((item) => [
        item.code,
        item.title,
        item.unitOfMeasure,
        item.unitPriceCents,
        item.quantity,
        item.amountCents,
      ]),
    ).toEqual([
      ["LAB-01", "Labourer", "hr", 8550, "7.500", 64_125],
      // 123456 × 0.333 = 41110.848 → 41111 cents.
      ["FILL", "Fill", "t", 123_456, "0.333", 41_111],
    ]);
    expect(items[0].resourceRate?.id).toBe(rate.id);
    expect(docket.totalCents).toBe(64_125 + 41_111);
    const second = await create(clerk.cookie, { abn: "99 999" }, [
      { code: "X", title: "X", unitOfMeasure: "ea", unitPrice: "1", quantity: "1" },
    ]);
    expect(second.status).toBe(302);
    const all = await docketsOf(project);
    expect(all.map((row) => row.number)).toEqual(["DKT-0001", "DKT-0002"]);
    expect(all[1].abn).toBe("99 999");
    const log = await db.em.fork().find(ActivityLog, { entityType: "docket", entityId: docket.id });
    expect(log.map((entry) => entry.action)).toEqual(["created"]);
  });

  it("sums a docket of many items exactly in cents", async () => {
    const project = await createProject(db.em);
    const { clerk } = await docketSite(db.em, project);
    const items = Array.from({ length: 150 }, (_, index) => ({
      code: `I${index}`,
      title: "Item",
      unitOfMeasure: "ea",
      unitPrice: "0.10",
      quantity: "1.115",
    }));
    expect((await create(clerk.cookie, {}, items)).status).toBe(302);
    const [docket] = await docketsOf(project);
    const stored = await itemsOf(docket.id);
    // 10 × 1.115 = 11.15 cents → 11 each; 150 × 11 = 1650 (0.1 × 1.115 summed as floats is 16.725000000000…).
    expect(stored).toHaveLength(150);
    expect(new Set(stored.map((item) => item.amountCents))).toEqual(new Set([11]));
    expect(docket.totalCents).toBe(1650);
  });

  it("refuses a bad form with the spec's messages and writes nothing", async () => {
    const project = await createProject(db.em);
    const { clerk } = await docketSite(db.em, project);
    const stranger = await createCompany(db.em, { name: "Not on this project" });
    const bad = await create(clerk.cookie, { docketDate: "", poNumber: "P".repeat(51) }, [
      { code: "A", title: "A", unitOfMeasure: "ea", unitPrice: "12.345", quantity: "two" },
      { quantity: "1" },
    ]);
    expect(bad.status).toBe(400);
    expect(await english(bad.data.error.docketDate)).toEqual(["This field is required"]);
    expect(await english(bad.data.error.poNumber)).toEqual(["Maximum 50 characters"]);
    expect(await english(bad.data.error["items[0].unitPrice"])).toEqual(["Invalid number"]);
    expect(await english(bad.data.error["items[0].quantity"])).toEqual(["Invalid number"]);
    expect(await english(bad.data.error["items[1].code"])).toEqual(["This field is required"]);
    const foreign = await create(clerk.cookie, { companyId: stranger.id }, []);
    expect(foreign.status).toBe(400);
    expect(await english(foreign.data.error.companyId)).toEqual(["Choose one of the listed values"]);
    expect(await docketsOf(project)).toEqual([]);
  });

  it("adds an item row without JavaScript (a list intent) and writes nothing", async () => {
    const project = await createProject(db.em);
    const { clerk } = await docketSite(db.em, project);
    const added = await callAction(docketCreate, CREATE, {
      cookie: clerk.cookie,
      form: {
        docketDate: "2026-11-20",
        "items[0].quantity": "2",
        __intent__: JSON.stringify({ type: "insert", payload: { name: "items" } }),
      },
    });
    expect(added.status).toBe(200);
    expect((added.data.initialValue.items as unknown[]).length).toBe(2);
    expect(await docketsOf(project)).toEqual([]);
  });

  it("refuses those without the right and changes nothing", async () => {
    const project = await createProject(db.em);
    const { clerk, viewer } = await docketSite(db.em, project);
    const refused = await create(viewer.cookie, {}, [
      { code: "A", title: "A", unitOfMeasure: "ea", unitPrice: "1", quantity: "1" },
    ]);
    // The route's guard sends who may not create to /forbidden.
    expect([refused.status, refused.location]).toEqual([302, "/forbidden"]);
    expect(await docketsOf(project)).toEqual([]);
    await create(clerk.cookie, {}, [
      { code: "A", title: "A", unitOfMeasure: "ea", unitPrice: "1", quantity: "1" },
    ]);
    const [docket] = await docketsOf(project);
    const edit = await callAction(docketEdit, `/dockets/${docket.id}/edit`, {
      cookie: viewer.cookie,
      params: { id: docket.id },
      form: { docketDate: "2026-11-21" },
    });
    expect([edit.status, edit.location]).toEqual([302, "/forbidden"]);
    expect((await step(viewer.cookie, docket.id, "submit")).status).toBe(403);
    const [after] = await docketsOf(project);
    expect([after.status, after.totalCents]).toEqual(["draft", 100]);
  });
});

describe("editing a docket", () => {
  it("replaces its items and total in one save, logs what changed, and only while draft or rejected", async () => {
    const project = await createProject(db.em);
    const { clerk, manager, earthworks, approver } = await docketSite(db.em, project);
    const area = await makeArea(db.em, project, "Pier 2");
    await create(clerk.cookie, { companyId: earthworks.id }, [
      { code: "A", title: "A", unitOfMeasure: "ea", unitPrice: "10", quantity: "1" },
    ]);
    const [docket] = await docketsOf(project);
    const path = `/dockets/${docket.id}/edit`;
    const form = await callLoader(docketEdit, path, { cookie: clerk.cookie, params: { id: docket.id } });
    expect(form.data.values.items).toEqual([
      { rateId: "", code: "A", title: "A", unitOfMeasure: "ea", unitPrice: "10.00", quantity: "1" },
    ]);
    const saved = await callAction(docketEdit, path, {
      cookie: clerk.cookie,
      params: { id: docket.id },
      form: {
        docketDate: "2026-11-20",
        companyId: earthworks.id,
        areaId: area.id,
        forApprovalById: approver.user.id,
        ...itemFields([
          { code: "B", title: "B", unitOfMeasure: "hr", unitPrice: "20.50", quantity: "2" },
          { code: "C", title: "C", unitOfMeasure: "hr", unitPrice: "1", quantity: "0.5" },
        ]),
      },
    });
    expect(saved.status).toBe(302);
    const [after] = await docketsOf(project);
    expect(after.totalCents).toBe(4100 + 50);
    expect((await itemsOf(docket.id)).map((item) => item.code)).toEqual(["B", "C"]);
    const updated = await db.em.fork().findOneOrFail(ActivityLog, { entityId: docket.id, action: "updated" });
    expect(updated.after).toMatchObject({ areaId: area.id, items: 2, totalCents: 4150 });
    // Submitted: its figures are fixed.
    expect((await step(clerk.cookie, docket.id, "submit")).status).toBe(302);
    const late = await callLoader(docketEdit, path, { cookie: manager.cookie, params: { id: docket.id } });
    expect(late.status).toBe(403);
  });
});

describe("moving a docket", () => {
  it("submits, sends for approval, is rejected with a reason, corrected, and approved", async () => {
    const project = await createProject(db.em);
    const { clerk, approver, earthworks } = await docketSite(db.em, project);
    await create(clerk.cookie, {}, []);
    const [docket] = await docketsOf(project);
    const noCompany = await step(clerk.cookie, docket.id, "submit");
    expect(noCompany.status).toBe(409);
    expect(await english(noCompany.data.error[""])).toEqual(["Choose the company before submitting"]);
    await callAction(docketEdit, `/dockets/${docket.id}/edit`, {
      cookie: clerk.cookie,
      params: { id: docket.id },
      form: { docketDate: "2026-11-20", companyId: earthworks.id },
    });
    const noItems = await step(clerk.cookie, docket.id, "submit");
    expect(await english(noItems.data.error[""])).toEqual(["Add at least one item before submitting"]);
    await callAction(docketEdit, `/dockets/${docket.id}/edit`, {
      cookie: clerk.cookie,
      params: { id: docket.id },
      form: {
        docketDate: "2026-11-20",
        companyId: earthworks.id,
        ...itemFields([{ code: "A", title: "A", unitOfMeasure: "ea", unitPrice: "5", quantity: "3" }]),
      },
    });
    expect((await step(clerk.cookie, docket.id, "submit")).status).toBe(302);
    const noApprover = await step(clerk.cookie, docket.id, "submit-for-approval");
    expect(await english(noApprover.data.error[""])).toEqual([
      "Choose who approves it (For approval by) first",
    ]);
    // The approver is named on a rejected docket's correction; first, a rejection from submitted.
    const noReason = await step(approver.cookie, docket.id, "reject");
    expect(noReason.status).toBe(400);
    expect((await step(approver.cookie, docket.id, "reject", { comment: "Wrong PO" })).status).toBe(302);
    await callAction(docketEdit, `/dockets/${docket.id}/edit`, {
      cookie: clerk.cookie,
      params: { id: docket.id },
      form: {
        docketDate: "2026-11-20",
        companyId: earthworks.id,
        forApprovalById: approver.user.id,
        ...itemFields([{ code: "A", title: "A", unitOfMeasure: "ea", unitPrice: "5", quantity: "3" }]),
      },
    });
    expect((await step(clerk.cookie, docket.id, "submit")).status).toBe(302);
    expect((await step(clerk.cookie, docket.id, "submit-for-approval")).status).toBe(302);
    // The clerk may not approve; the approver may.
    expect((await step(clerk.cookie, docket.id, "approve")).status).toBe(403);
    expect((await step(approver.cookie, docket.id, "approve")).status).toBe(302);
    const [approved] = await docketsOf(project);
    expect(approved.status).toBe("approved");
    expect(approved.approvedBy?.id).toBe(approver.user.id);
    // Posting is never a form's step.
    const post = await step(approver.cookie, docket.id, "post");
    expect(post.status).toBe(409);
    const log = await db.em
      .fork()
      .find(
        ActivityLog,
        { entityId: docket.id, action: "status-changed" },
        { orderBy: { createdAt: "asc" } },
      );
    expect(log.map((entry) => (entry.after as { action: string }).action)).toEqual([
      "submit",
      "reject",
      "submit",
      "submit-for-approval",
      "approve",
    ]);
    const page = await callLoader(docketDetail, `/dockets/${docket.id}`, {
      cookie: approver.cookie,
      params: { id: docket.id },
    });
    expect(page.data.docket.steps).toEqual([]);
  });

  it("deletes a draft (with its items) and archives with confirmation", async () => {
    const project = await createProject(db.em);
    const { clerk, manager } = await docketSite(db.em, project);
    await create(clerk.cookie, {}, [
      { code: "A", title: "A", unitOfMeasure: "ea", unitPrice: "1", quantity: "1" },
    ]);
    await create(clerk.cookie, {}, []);
    const [first, second] = await docketsOf(project);
    expect((await step(manager.cookie, first.id, "delete")).status).toBe(400);
    expect((await step(manager.cookie, first.id, "delete", { confirmed: "on" })).status).toBe(302);
    expect(await itemsOf(first.id)).toEqual([]);
    expect((await step(manager.cookie, second.id, "archive", { confirmed: "on" })).status).toBe(302);
    expect((await docketsOf(project)).map((docket) => [docket.number, docket.status])).toEqual([
      ["DKT-0002", "archived"],
    ]);
  });
});

describe("comments", () => {
  it("adds a comment for anyone who sees the docket, and refuses an empty one", async () => {
    const project = await createProject(db.em);
    const { clerk, viewer } = await docketSite(db.em, project);
    await create(clerk.cookie, {}, []);
    const [docket] = await docketsOf(project);
    const post = (body: string) =>
      callAction(docketDetail, `/dockets/${docket.id}`, {
        cookie: viewer.cookie,
        params: { id: docket.id },
        form: { intent: "comment", body },
      });
    expect((await post(" ")).status).toBe(400);
    expect((await post("Checked against the delivery note")).status).toBe(302);
    const page = await callLoader(docketDetail, `/dockets/${docket.id}?tab=comments`, {
      cookie: clerk.cookie,
      params: { id: docket.id },
    });
    expect(
      page.data.docket.commentList.map((comment: { body: string; author: string }) => [
        comment.body,
        comment.author,
      ]),
    ).toEqual([["Checked against the delivery note", "Vic Viewer"]]);
    expect(await db.em.fork().count(DocketComment, { docket: docket.id }, { filters: false })).toBe(1);
  });
});
