import { describe, expect, it } from "vitest";
import { ActivityLog } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { ItpItem, Lot, LotItemCheck } from "../entities";
import * as itpEdit from "../routes/itp-edit";
import { english, makeItp, memberWith, reload } from "./itp-fixtures";

const db = setupTestDatabase();
const EDITOR = ["quality.itp.view", "quality.itp.edit"];
const editPath = (id: string) => `/quality/itp/${id}/edit`;
const itemsOf = (projectId: string, itpId: string) =>
  scopeToProject(db.em, projectId).find(ItpItem, { itp: itpId }, { orderBy: { position: "asc" } });

/** The edit form as the page posts it: header fields and items[i].field, from the loader's values. */
function postedForm(defaults: Record<string, any>, changes: (form: Record<string, any>) => void = () => {}) {
  const form: Record<string, any> = {};
  for (const [name, value] of Object.entries(defaults)) if (name !== "items" && value) form[name] = value;
  defaults.items.forEach((item: Record<string, string>, index: number) => {
    for (const [name, value] of Object.entries(item)) if (value) form[`items[${index}].${name}`] = value;
  });
  changes(form);
  return form;
}

describe("editing a draft ITP", () => {
  it("saves the header and the items: changed, reordered, added and removed, renumbered from 1", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await memberWith(db.em, project, EDITOR);
    const itp = await makeItp(db.em, project, { title: "Old title" });
    const page = await callLoader(itpEdit, editPath(itp.id), { cookie, params: { id: itp.id } });
    expect(page.data.defaults.items.map((item: any) => item.activity)).toEqual([
      "Set out formwork",
      "Inspect reinforcement",
    ]);
    expect(page.data.defaults.items[1]).toMatchObject({ inspectionPoint: "H", clientSignature: "on" });
    const [first, second] = page.data.defaults.items;

    const result = await callAction(itpEdit, editPath(itp.id), {
      cookie,
      params: { id: itp.id },
      form: {
        title: "New title",
        drawings: "S-100 to S-120",
        // The second row first, edited; the first row removed; a new row at the end.
        "items[0].id": second.id,
        "items[0].activity": "Inspect reinforcement and cover",
        "items[0].inspectionPoint": "W",
        "items[0].clientSignature": "on",
        "items[1].activity": "Cure the slab",
        "items[1].inspectionPoint": "m",
        "items[1].frequency": "Daily",
      },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/quality/itp/${itp.id}`);
    expect(await reload(db.em, project, itp.id)).toMatchObject({
      title: "New title",
      drawings: "S-100 to S-120",
    });
    const items = await itemsOf(project.id, itp.id);
    expect(
      items.map((item) => [item.position, item.activity, item.inspectionPoint, item.clientSignature]),
    ).toEqual([
      [1, "Inspect reinforcement and cover", "W", true],
      [2, "Cure the slab", "M", false],
    ]);
    expect(items[0].id).toBe(second.id);
    expect(items[0].subcontractorSignature).toBe(false);
    expect(items.some((item) => item.id === first.id)).toBe(false);
    const [entry] = await db.em.find(ActivityLog, { entityType: "itp", entityId: itp.id, action: "updated" });
    expect(entry.actor?.id).toBe(user.id);
    expect(entry.before).toMatchObject({ title: "Old title" });
    expect(entry.after).toMatchObject({ title: "New title" });
  });

  it("adds a row without JavaScript: the insert intent answers with the list one row longer, saving nothing", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, EDITOR);
    const itp = await makeItp(db.em, project);
    const page = await callLoader(itpEdit, editPath(itp.id), { cookie, params: { id: itp.id } });
    const result = await callAction(itpEdit, editPath(itp.id), {
      cookie,
      params: { id: itp.id },
      form: postedForm(page.data.defaults, (form) => {
        form.__intent__ = JSON.stringify({ type: "insert", payload: { name: "items" } });
      }),
    });
    expect(result.status).toBe(200);
    expect(result.data.initialValue.items).toHaveLength(3);
    expect(await itemsOf(project.id, itp.id)).toHaveLength(2);
  });

  it("refuses bad values with field messages and changes nothing", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, EDITOR);
    const itp = await makeItp(db.em, project, { title: "Keep me" });
    const page = await callLoader(itpEdit, editPath(itp.id), { cookie, params: { id: itp.id } });
    const result = await callAction(itpEdit, editPath(itp.id), {
      cookie,
      params: { id: itp.id },
      form: postedForm(page.data.defaults, (form) => {
        form.title = "";
        form["items[0].activity"] = "";
        form["items[1].inspectionPoint"] = "Q";
        form["items[1].inspectionKey"] = "K".repeat(101);
      }),
    });
    expect(result.status).toBe(400);
    expect(result.data.error).toMatchObject({
      title: ["This field is required"],
      "items[0].activity": ["This field is required"],
      "items[1].inspectionPoint": ["Inspection point must be one of A, B, C, D, E, H, I, M, O, R, S, V, W"],
      "items[1].inspectionKey": ["Maximum 100 characters"],
    });
    expect((await reload(db.em, project, itp.id)).title).toBe("Keep me");
    expect((await itemsOf(project.id, itp.id)).map((item) => item.activity)).toEqual([
      "Set out formwork",
      "Inspect reinforcement",
    ]);
  });

  it("keeps an item a lot has been checked against, and refuses an item id of another ITP", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, EDITOR);
    const itp = await makeItp(db.em, project);
    const other = await makeItp(db.em, project);
    const [checked] = await itemsOf(project.id, itp.id);
    const [foreignItem] = await itemsOf(project.id, other.id);
    const em = scopeToProject(db.em, project.id);
    const lot = em.create(Lot, { project, number: "LOT-0001", title: "Slab" } as never);
    em.create(LotItemCheck, { project, lot, item: checked.id, state: "conforming" } as never);
    await em.flush();

    const page = await callLoader(itpEdit, editPath(itp.id), { cookie, params: { id: itp.id } });
    const withoutChecked = postedForm({ ...page.data.defaults, items: page.data.defaults.items.slice(1) });
    const removal = await callAction(itpEdit, editPath(itp.id), {
      cookie,
      params: { id: itp.id },
      form: withoutChecked,
    });
    expect(removal.status).toBe(400);
    expect(removal.data.error.items).toEqual([await english("itp.errors.itemChecked")]);
    expect(await itemsOf(project.id, itp.id)).toHaveLength(2);

    const stolen = postedForm(page.data.defaults, (form) => {
      form["items[1].id"] = foreignItem.id;
    });
    const refused = await callAction(itpEdit, editPath(itp.id), {
      cookie,
      params: { id: itp.id },
      form: stolen,
    });
    expect(refused.status).toBe(400);
    expect(refused.data.error["items[1].activity"]).toEqual([await english("itp.errors.itemGone")]);
    expect((await itemsOf(project.id, other.id)).map((item) => item.activity)).toEqual([
      "Set out formwork",
      "Inspect reinforcement",
    ]);
  });

  it("edits only drafts: any other status goes back to the ITP with a message, writing nothing", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, EDITOR);
    const itp = await makeItp(db.em, project, { status: "internal_review", title: "Under review" });
    const page = await callLoader(itpEdit, editPath(itp.id), { cookie, params: { id: itp.id } });
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/quality/itp/${itp.id}`);
    expect(page.headers.get("Set-Cookie")).toContain("toast");
    const post = await callAction(itpEdit, editPath(itp.id), {
      cookie,
      params: { id: itp.id },
      form: { title: "Changed" },
    });
    expect(post.status).toBe(302);
    expect((await reload(db.em, project, itp.id)).title).toBe("Under review");
  });

  it("sends a member without quality.itp.edit to the forbidden page, and another project's ITP is 404", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const viewer = await memberWith(db.em, project, ["quality.itp.view"]);
    const itp = await makeItp(db.em, project);
    const refused = await callAction(itpEdit, editPath(itp.id), {
      cookie: viewer.cookie,
      params: { id: itp.id },
      form: { title: "Changed" },
    });
    expect(refused.location).toBe("/forbidden");
    const editor = await memberWith(db.em, project, EDITOR);
    const foreign = await makeItp(db.em, other);
    const missing = await callAction(itpEdit, editPath(foreign.id), {
      cookie: editor.cookie,
      params: { id: foreign.id },
      form: { title: "Changed" },
    });
    expect(missing.status).toBe(404);
  });
});
