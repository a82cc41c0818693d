import { describe, expect, it } from "vitest";
import { ActivityLog, Attachment } from "~/server/db/entities";
import { readToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader } from "~/tests/setup/requests";
import { SafetySwmsStep } from "../entities";
import * as swmsCreate from "../routes/swms-create";
import * as swmsDetail from "../routes/swms-detail";
import * as swmsEdit from "../routes/swms-edit";
import * as swmsRegister from "../routes/swms-register";
import { english, notificationsOf } from "./fixtures";
import { makeSwms, swmsOf, swmsSite } from "./swms-fixtures";

const db = setupTestDatabase();
const CREATE = "/safety/swms/create";
setupTestFileStorage("sp-swms-");

const PDF = new TextEncoder().encode("%PDF-1.4\n%fake\n");
const pdf = (name = "scaffold-swms.pdf") => new File([PDF as BlobPart], name, { type: "application/pdf" });

function form(fields: Record<string, string | string[]>, file?: File) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  if (file) body.append("file", file);
  return body;
}

const STEP = {
  "steps[0].activity": "Lift standards and ledgers to level 3",
  "steps[0].hazards": "Fall from height; falling objects",
  "steps[0].controls": "Full harness clipped on; exclusion zone below; toe boards",
  "steps[0].likelihoodBefore": "likely",
  "steps[0].consequenceBefore": "major",
  "steps[0].likelihoodAfter": "rare",
  "steps[0].consequenceAfter": "major",
};

const create = (cookie: string, fields: Record<string, string | string[]>, file?: File) =>
  callAction(swmsCreate, CREATE, { cookie, multipart: form(fields, file) });

const step = (cookie: string, id: string, action: string, extra: Record<string, string> = {}) =>
  callAction(swmsDetail, `/safety/swms/${id}`, {
    cookie,
    params: { id },
    form: { intent: "transition", action, ...extra },
  });

const detail = (cookie: string, id: string, tab = "") =>
  callLoader(swmsDetail, `/safety/swms/${id}${tab}`, { cookie, params: { id } });

async function toastOf(setCookie: string | null) {
  const cookie = setCookie?.split(";")[0] ?? "";
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

async function toastText(setCookie: string | null) {
  const toast = await toastOf(setCookie);
  const t = await serverT("en", "safety");
  return t(toast?.message.replace(/^safety:/, "") ?? "", toast?.params as never);
}

describe("writing a SWMS", () => {
  it("refuses a form with nothing written and writes nothing", async () => {
    const project = await createProject(db.em);
    const { author } = await swmsSite(db.em, project);
    const empty = await create(author.cookie, { type: "system" });
    expect(empty.status).toBe(400);
    expect(await english(empty.data.error.title)).toEqual(["This field is required"]);
    expect(await english(empty.data.error.companyId)).toEqual(["This choice is no longer available."]);
    const none = await create(author.cookie, {});
    expect(await english(none.data.error.type)).toEqual(["This field is required"]);
    expect(await swmsOf(db.em, project)).toEqual([]);
    expect(await db.em.count(ActivityLog, { entityType: "safety-swms" })).toBe(0);
  });

  it("refuses a half-written step, a step whose controls raise the risk, another company, and an upload with no file", async () => {
    const project = await createProject(db.em);
    const { author, scaffold, electrical } = await swmsSite(db.em, project);
    const base = { type: "system", title: "Scaffold", companyId: scaffold.id };
    const half = await create(author.cookie, { ...base, "steps[0].activity": "Lift standards" });
    expect(await english(half.data.error["steps[0].hazards"])).toEqual(["This field is required"]);
    expect(await english(half.data.error["steps[0].likelihoodBefore"])).toEqual(["This field is required"]);
    const worse = await create(author.cookie, {
      ...base,
      ...STEP,
      "steps[0].likelihoodAfter": "almost_certain",
    });
    expect(await english(worse.data.error["steps[0].likelihoodAfter"])).toEqual([
      "The risk after the controls can not be higher than before them.",
    ]);
    // A subcontractor writes for their own company only.
    const foreign = await create(author.cookie, { ...base, ...STEP, companyId: electrical.id });
    expect(await english(foreign.data.error.companyId)).toEqual(["This choice is no longer available."]);
    const noFile = await create(author.cookie, { ...base, type: "product" });
    expect(await english(noFile.data.error.file)).toEqual(["Choose the SWMS file to upload."]);
    expect(await swmsOf(db.em, project)).toEqual([]);
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(0);
  });

  it("writes SWMS-0001 as a draft with its steps (blank rows dropped) and uploads SWMS-0002 with its file", async () => {
    const project = await createProject(db.em);
    const { author, scaffold } = await swmsSite(db.em, project);
    const written = await create(author.cookie, {
      type: "system",
      title: "Erect scaffold to level 3",
      companyId: scaffold.id,
      ...STEP,
      "steps[1].activity": "",
      "steps[1].hazards": "",
    });
    expect(written.status).toBe(302);
    const uploaded = await create(
      author.cookie,
      { type: "product", title: "Dismantle scaffold", companyId: scaffold.id },
      pdf(),
    );
    expect(uploaded.status).toBe(302);
    const [first, second] = await swmsOf(db.em, project);
    expect(first).toMatchObject({ number: "SWMS-0001", status: "draft", type: "system", highRisk: false });
    expect(second).toMatchObject({ number: "SWMS-0002", status: "swms_uploaded", type: "product" });
    expect(await db.em.count(SafetySwmsStep, { swms: first.id }, { filters: false })).toBe(1);
    const page = await detail(author.cookie, first.id);
    expect(page.data.swms.steps[0]).toMatchObject({
      activity: "Lift standards and ledgers to level 3",
      before: { score: 16, level: "extreme" },
      after: { score: 4, level: "low" },
    });
    expect(page.data.swms.workflow.map((row: { action: string }) => row.action)).toEqual([
      "submit",
      "delete",
      "archive",
    ]);
    const file = await detail(author.cookie, second.id);
    expect(file.data.swms.files).toEqual([expect.objectContaining({ fileName: "scaffold-swms.pdf" })]);
  });
});

describe("the SWMS workflow", () => {
  it("takes a high-risk SWMS through initial and final review to accepted, by the right people, only with an r291 category", async () => {
    const project = await createProject(db.em);
    const { author, reviewer, finalReviewer, viewer, scaffold } = await swmsSite(db.em, project);
    // High-risk ticked, no category named yet.
    await create(author.cookie, {
      type: "system",
      title: "Erect scaffold to level 3",
      companyId: scaffold.id,
      highRisk: "on",
      ...STEP,
    });
    const [swms] = await swmsOf(db.em, project);
    expect(swms.highRisk).toBe(true);
    // The plain submit is not this SWMS's: it goes to an initial review.
    expect((await step(author.cookie, swms.id, "submit")).status).toBe(409);
    const submitted = await step(author.cookie, swms.id, "submit_high_risk");
    expect(submitted.status).toBe(302);
    expect(await toastText(submitted.headers.get("Set-Cookie"))).toBe(
      "SWMS-0001 submitted for its initial review.",
    );
    const [told] = await notificationsOf(db.em, reviewer.user.id, "swms-high-risk-created");
    expect(told).toMatchObject({ title: "High-risk SWMS-0001 to review", link: `/safety/swms/${swms.id}` });
    // The author does not review; a viewer does nothing.
    expect((await step(author.cookie, swms.id, "complete_initial_review")).status).toBe(403);
    expect((await step(viewer.cookie, swms.id, "complete_initial_review")).status).toBe(403);
    expect((await step(reviewer.cookie, swms.id, "complete_initial_review")).status).toBe(302);
    expect(await notificationsOf(db.em, finalReviewer.user.id, "swms-initial-review-done")).toHaveLength(1);
    // The initial reviewer does not do the final review.
    expect((await step(reviewer.cookie, swms.id, "accept")).status).toBe(403);
    // r291: no category, no acceptance.
    const refused = await step(finalReviewer.cookie, swms.id, "accept");
    expect(refused.status).toBe(409);
    expect(await english(refused.data.error[""])).toEqual([
      "A high-risk SWMS can not be accepted until it names at least one category of high-risk construction work (WHS Regulation r291). Send it back for changes.",
    ]);
    expect((await swmsOf(db.em, project))[0].status).toBe("final_review");
    // Sent back: a reason is needed.
    expect((await step(finalReviewer.cookie, swms.id, "request_changes")).status).toBe(400);
    expect(
      (await step(finalReviewer.cookie, swms.id, "request_changes", { comment: "Name the r291 category" }))
        .status,
    ).toBe(302);
    // The author names the category and submits again.
    const edited = await callAction(swmsEdit, `/safety/swms/${swms.id}/edit`, {
      cookie: author.cookie,
      params: { id: swms.id },
      multipart: form({
        type: "system",
        title: "Erect scaffold to level 3",
        companyId: scaffold.id,
        highRisk: "on",
        highRiskCategories: ["fall_over_2m", "powered_mobile_plant_movement"],
        ...STEP,
      }),
    });
    expect(edited.status).toBe(302);
    expect((await step(author.cookie, swms.id, "submit_high_risk")).status).toBe(302);
    expect((await step(reviewer.cookie, swms.id, "complete_initial_review")).status).toBe(302);
    const accepted = await step(finalReviewer.cookie, swms.id, "accept");
    expect(accepted.status).toBe(302);
    const [done] = await swmsOf(db.em, project);
    expect(done).toMatchObject({
      status: "accepted",
      highRiskCategories: ["fall_over_2m", "powered_mobile_plant_movement"],
    });
    expect(await notificationsOf(db.em, author.user.id, "swms-signed-off")).toEqual([
      expect.objectContaining({ title: "SWMS-0001 accepted" }),
    ]);
    const page = await detail(viewer.cookie, swms.id, "?tab=activity");
    expect(page.data.swms).toMatchObject({ initialReviewer: "Rita Reviewer", signedOffBy: "Fred Final" });
    expect(page.data.swms.activity.map((entry: { action: string }) => entry.action)).toEqual([
      "status-changed",
      "status-changed",
      "status-changed",
      "updated",
      "status-changed",
      "status-changed",
      "status-changed",
      "created",
    ]);
    // Accepted: no more changes.
    const late = await callLoader(swmsEdit, `/safety/swms/${swms.id}/edit`, {
      cookie: author.cookie,
      params: { id: swms.id },
    });
    expect(late.status).toBe(403);
  });

  it("reviews a SWMS that is not high-risk once, and will not submit a written one with no step", async () => {
    const project = await createProject(db.em);
    const { author, reviewer, scaffold } = await swmsSite(db.em, project);
    const empty = await makeSwms(db.em, project, {
      number: "SWMS-0009",
      company: scaffold,
      type: "system",
      createdBy: author.user,
    });
    const nothing = await step(author.cookie, empty.id, "submit");
    expect(nothing.status).toBe(409);
    expect(await english(nothing.data.error[""])).toEqual([
      "Nothing to review yet: write at least one step, or upload the SWMS file.",
    ]);
    await create(author.cookie, { type: "product", title: "Dismantle", companyId: scaffold.id }, pdf());
    const [uploaded] = await swmsOf(db.em, project);
    expect((await step(author.cookie, uploaded.id, "submit")).status).toBe(302);
    expect(await notificationsOf(db.em, reviewer.user.id, "swms-non-high-risk-created")).toHaveLength(1);
    expect((await step(reviewer.cookie, uploaded.id, "reject")).status).toBe(400);
    expect((await step(reviewer.cookie, uploaded.id, "reject", { comment: "No rescue plan" })).status).toBe(
      302,
    );
    expect((await swmsOf(db.em, project))[0].status).toBe("not_accepted");
    expect(await notificationsOf(db.em, author.user.id, "swms-signed-off")).toEqual([
      expect.objectContaining({ title: "SWMS-0001 not accepted" }),
    ]);
    expect((await step(author.cookie, uploaded.id, "submit")).status).toBe(302);
    expect((await step(reviewer.cookie, uploaded.id, "accept")).status).toBe(302);
    expect((await swmsOf(db.em, project))[0].status).toBe("accepted");
  });

  it("deletes and archives only when confirmed, with the success toasts", async () => {
    const project = await createProject(db.em);
    const { author, scaffold } = await swmsSite(db.em, project);
    await create(author.cookie, { type: "product", title: "Dismantle", companyId: scaffold.id }, pdf());
    const draft = await makeSwms(db.em, project, {
      number: "SWMS-0009",
      company: scaffold,
      createdBy: author.user,
    });
    const [uploaded] = await swmsOf(db.em, project);
    const unsure = await step(author.cookie, uploaded.id, "delete");
    expect(unsure.status).toBe(400);
    expect(await english(unsure.data.error.confirmed)).toEqual(['Tick "I am sure" to go on.']);
    const deleted = await step(author.cookie, uploaded.id, "delete", { confirmed: "true" });
    expect(deleted.location).toBe("/safety/swms");
    expect(await toastText(deleted.headers.get("Set-Cookie"))).toBe("SWMS deleted successfully.");
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(0);
    const archived = await step(author.cookie, draft.id, "archive", { confirmed: "true" });
    expect(archived.location).toBe("/safety/swms");
    expect(await toastText(archived.headers.get("Set-Cookie"))).toBe("SWMS archived successfully.");
    expect((await swmsOf(db.em, project)).map((swms) => swms.status)).toEqual(["archived"]);
  });
});

describe("the SWMS register and the subcontractor view", () => {
  it("lists by tab, filters from the URL, and shows a subcontractor only their company's SWMS", async () => {
    const project = await createProject(db.em);
    const { author, viewer, other, scaffold, electrical } = await swmsSite(db.em, project);
    await makeSwms(db.em, project, { number: "SWMS-0001", company: scaffold, status: "draft" });
    await makeSwms(db.em, project, {
      number: "SWMS-0002",
      company: scaffold,
      status: "initial_review",
      highRisk: true,
    });
    await makeSwms(db.em, project, {
      number: "SWMS-0003",
      company: electrical,
      status: "in_review",
      title: "Switchboard",
    });
    const spark = await makeSwms(db.em, project, {
      number: "SWMS-0004",
      company: electrical,
      status: "accepted",
    });
    await makeSwms(db.em, project, { number: "SWMS-0005", company: electrical, status: "archived" });
    const list = async (cookie: string, search = "") =>
      (await callLoader(swmsRegister, `/safety/swms${search}`, { cookie })).data.register.rows.map(
        (row: { number: string }) => row.number,
      );
    expect(await list(viewer.cookie)).toEqual(["SWMS-0004", "SWMS-0003", "SWMS-0002", "SWMS-0001"]);
    expect(await list(viewer.cookie, "?tab=draft")).toEqual(["SWMS-0001"]);
    expect(await list(viewer.cookie, "?tab=pending_review")).toEqual(["SWMS-0003", "SWMS-0002"]);
    expect(await list(viewer.cookie, "?status=archived")).toEqual(["SWMS-0005"]);
    expect(await list(viewer.cookie, "?highRisk=yes")).toEqual(["SWMS-0002"]);
    expect(await list(viewer.cookie, `?company=${electrical.id}&q=switch`)).toEqual(["SWMS-0003"]);
    expect(await list(viewer.cookie, "?sort=number&dir=asc")).toEqual([
      "SWMS-0001",
      "SWMS-0002",
      "SWMS-0003",
      "SWMS-0004",
    ]);
    // The subcontractors: their own company's only, and another's SWMS is not found.
    expect(await list(author.cookie)).toEqual(["SWMS-0002", "SWMS-0001"]);
    expect(await list(other.cookie, "?tab=pending_review")).toEqual(["SWMS-0003"]);
    expect((await detail(author.cookie, spark.id)).status).toBe(404);
    expect((await detail(other.cookie, spark.id)).status).toBe(200);
    expect((await callLoader(swmsCreate, CREATE, { cookie: author.cookie })).data.companies).toEqual([
      { value: scaffold.id, label: "Scaffold Co" },
    ]);
  });
});
