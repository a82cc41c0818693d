import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, type IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { Defect, type IDefect } from "../entities";
import * as defectCreate from "../routes/defect-create";
import * as defectDetail from "../routes/defect-detail";
import * as defectEdit from "../routes/defect-edit";
import { makeLot } from "./reports-fixtures";

const db = setupTestDatabase();
const VIEW = "quality.defects.view";
const CREATE_KEY = "quality.defects.create";
const RESPOND = "quality.defects.respond";
const REVIEW = "quality.defects.review";

async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "quality");
  return (messages ?? []).map((message) => translateMessage(t as never, message));
}

/** A raiser (creates, no review), QA (reviews), the trade's assignee. */
async function site() {
  const project = await createProject(db.em);
  const raiser = await signedInMember(db.em, project, [VIEW, CREATE_KEY], { name: "Rae Raiser" });
  const qa = await signedInMember(db.em, project, [VIEW, CREATE_KEY, REVIEW], { name: "Quinn QA" });
  const trade = await signedInMember(db.em, project, [VIEW, RESPOND], { name: "Tara Trade" });
  return { project, raiser, qa, trade };
}

async function raised(project: IProject, cookie: string, assigneeId: string, save = "raise") {
  const answer = await callAction(defectCreate, "/quality/defects/create", {
    cookie,
    form: { title: "Chipped kerb", priority: "normal", save, assigneeId, dueDate: "2026-04-01" },
  });
  expect(answer.status).toBe(302);
  return scopeToProject(db.em, project.id).findOneOrFail(Defect, {}, { orderBy: { createdAt: "desc" } });
}

const editPath = (defect: IDefect) => `/quality/defects/${defect.id}/edit`;

function edit(cookie: string, defect: IDefect, form: Record<string, string>) {
  return callAction(defectEdit, editPath(defect), { cookie, params: { id: defect.id }, form });
}

async function reload(project: IProject, id: string) {
  db.em.clear();
  return scopeToProject(db.em, project.id).findOneOrFail(Defect, { id }, { populate: ["assignee", "lot"] });
}

describe("editing a saved defect", () => {
  it("fills the create form with the defect and saves the changes, listing the changed fields", async () => {
    const { project, raiser, trade, qa } = await site();
    const defect = await raised(project, raiser.cookie, trade.user.id);
    const lot = await makeLot(db.em, project, { title: "Kerb line east" });

    const page = await callLoader(defectEdit, editPath(defect), {
      cookie: raiser.cookie,
      params: { id: defect.id },
    });
    expect(page.status).toBe(200);
    expect(page.data.values).toMatchObject({
      title: "Chipped kerb",
      assigneeId: trade.user.id,
      dueDate: "2026-04-01",
      priority: "normal",
    });

    const saved = await edit(raiser.cookie, defect, {
      title: "Chipped kerb at gate 3",
      description: "Corner broken off",
      lotNumber: lot.number.toLowerCase(),
      assigneeId: qa.user.id,
      dueDate: "2026-04-01",
      priority: "high",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/quality/defects/${defect.id}`);
    const after = await reload(project, defect.id);
    expect(after).toMatchObject({ title: "Chipped kerb at gate 3", priority: "high", status: "pending" });
    expect(after.lot?.id).toBe(lot.id);
    expect(after.assignee?.id).toBe(qa.user.id);

    const entry = await db.em.findOneOrFail(
      ActivityLog,
      { entityId: defect.id, action: "updated" },
      { filters: false },
    );
    expect(entry.before).toEqual({
      title: "Chipped kerb",
      description: null,
      lot: null,
      assignee: "Tara Trade",
      priority: "normal",
    });
    expect(entry.after).toEqual({
      title: "Chipped kerb at gate 3",
      description: "Corner broken off",
      lot: lot.number,
      assignee: "Quinn QA",
      priority: "high",
    });
    // The detail page names the changed fields.
    const detail = await callLoader(defectDetail, `/quality/defects/${defect.id}`, {
      cookie: raiser.cookie,
      params: { id: defect.id },
    });
    expect(detail.data.canEdit).toBe(true);
    expect(detail.data.defect.activity.map((a: { action: string }) => a.action)).toContain("updated");
  });

  it("refuses bad input and writes nothing", async () => {
    const { project, raiser, trade } = await site();
    const defect = await raised(project, raiser.cookie, trade.user.id);
    const refused = await edit(raiser.cookie, defect, {
      title: " ",
      lotNumber: "LOT-9999",
      assigneeId: "",
      dueDate: "2026-02-30",
      priority: "normal",
    });
    expect(refused.status).toBe(400);
    expect(await english(refused.data.error.title)).toEqual(["This field is required"]);
    expect(await english(refused.data.error.dueDate)).toEqual(["Enter a valid date."]);
    // A raised defect keeps needing someone to fix it.
    const unassigned = await edit(raiser.cookie, defect, {
      title: "Chipped kerb",
      assigneeId: "",
      priority: "normal",
    });
    expect(unassigned.status).toBe(400);
    expect(await english(unassigned.data.error.assigneeId)).toEqual([
      "Choose who fixes it before raising the defect.",
    ]);
    const choices = await edit(raiser.cookie, defect, {
      title: "Chipped kerb",
      lotNumber: "LOT-9999",
      assigneeId: trade.user.id,
      priority: "normal",
    });
    expect(choices.status).toBe(400);
    expect(await english(choices.data.error.lotNumber)).toEqual(["No lot of this project has that number."]);
    expect((await reload(project, defect.id)).title).toBe("Chipped kerb");
    expect(
      await db.em.count(ActivityLog, { entityId: defect.id, action: "updated" }, { filters: false }),
    ).toBe(0);
  });

  it("is for the raiser or QA, while the work is not done; the assignee does not edit", async () => {
    const { project, raiser, trade, qa } = await site();
    const defect = await raised(project, raiser.cookie, trade.user.id);
    const form = { title: "Edited", assigneeId: trade.user.id, priority: "low" };
    expect((await edit(trade.cookie, defect, form)).status).toBe(403);
    expect(
      (await callLoader(defectEdit, editPath(defect), { cookie: trade.cookie, params: { id: defect.id } }))
        .status,
    ).toBe(403);
    // QA edits someone else's raised defect.
    expect((await edit(qa.cookie, defect, form)).status).toBe(302);

    // In progress: still editable; completed: not any more.
    const start = (action: string, cookie: string) =>
      callAction(defectDetail, `/quality/defects/${defect.id}`, {
        cookie,
        params: { id: defect.id },
        form: { intent: "transition", action },
      });
    expect((await start("start", trade.cookie)).status).toBe(302);
    expect((await edit(raiser.cookie, defect, { ...form, title: "In progress edit" })).status).toBe(302);
    expect((await start("complete", trade.cookie)).status).toBe(302);
    expect((await edit(raiser.cookie, defect, { ...form, title: "Too late" })).status).toBe(409);
    expect((await reload(project, defect.id)).title).toBe("In progress edit");
  });

  it("keeps a draft a draft, without an assignee, and its raiser's alone", async () => {
    const { project, raiser, qa } = await site();
    const answer = await callAction(defectCreate, "/quality/defects/create", {
      cookie: raiser.cookie,
      form: { title: "Draft one", priority: "normal", save: "draft" },
    });
    expect(answer.status).toBe(302);
    const draft = await scopeToProject(db.em, project.id).findOneOrFail(Defect, { title: "Draft one" });
    const saved = await edit(raiser.cookie, draft, { title: "Draft two", priority: "normal" });
    expect(saved.status).toBe(302);
    expect(await reload(project, draft.id)).toMatchObject({ title: "Draft two", status: "draft" });
    expect((await edit(qa.cookie, draft, { title: "Not mine", priority: "normal" })).status).toBe(404);
  });
});
