import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, type IProject, Location } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { Defect, type IDefect, Lot } from "../entities";
import * as defectCreate from "../routes/defect-create";
import * as defectDetail from "../routes/defect-detail";
import * as defectRegister from "../routes/defect-register";
import * as defectExport from "../routes/defect-register-export";

const db = setupTestDatabase();
const REGISTER = "/quality/defects";
const CREATE = "/quality/defects/create";
const VIEW = "quality.defects.view";
const CREATE_KEY = "quality.defects.create";
const RESPOND = "quality.defects.respond";
const REVIEW = "quality.defects.review";

async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "quality");
  return (messages ?? []).map((message) => translateMessage(t as never, message));
}

/** A project with a raiser (QA: creates and reviews), a trade's assignee and an onlooker who may only look. */
async function site() {
  const project = await createProject(db.em);
  const qa = await signedInMember(db.em, project, [VIEW, CREATE_KEY, REVIEW], { name: "Quinn QA" });
  const trade = await signedInMember(db.em, project, [VIEW, RESPOND], { name: "Tara Trade" });
  const onlooker = await signedInMember(db.em, project, [VIEW, RESPOND, CREATE_KEY], { name: "Olly Other" });
  return { project, qa, trade, onlooker };
}

const defectsOf = (project: IProject) =>
  scopeToProject(db.em, project.id).find(Defect, {}, { orderBy: { number: "asc" } });

async function raise(
  cookie: string,
  form: Record<string, string>,
): Promise<{ status: number; location: string | null; data: any }> {
  return callAction(defectCreate, CREATE, { cookie, form: { priority: "normal", save: "raise", ...form } });
}

async function step(cookie: string, defect: IDefect, action: string, extra: Record<string, string> = {}) {
  return callAction(defectDetail, `${REGISTER}/${defect.id}`, {
    cookie,
    params: { id: defect.id },
    form: { intent: "transition", action, ...extra },
  });
}

async function reload(project: IProject, id: string) {
  db.em.clear();
  return scopeToProject(db.em, project.id).findOneOrFail(Defect, { id });
}

describe("raising a defect", () => {
  it("offers the project's locations, companies and members, and refuses what is missing or not the project's", async () => {
    const { project, qa, trade } = await site();
    const page = await callLoader(defectCreate, CREATE, { cookie: qa.cookie });
    expect(page.status).toBe(200);
    expect(page.data.choices.members.map((m: { label: string }) => m.label)).toEqual([
      "Olly Other",
      "Quinn QA",
      "Tara Trade",
    ]);

    const empty = await raise(qa.cookie, { title: "  " });
    expect(empty.status).toBe(400);
    expect(await english(empty.data.error.title)).toEqual(["This field is required"]);
    expect(await english(empty.data.error.assigneeId)).toEqual([
      "Choose who fixes it before raising the defect.",
    ]);

    const other = await createProject(db.em);
    const stranger = await signedInMember(db.em, other, [VIEW]);
    const foreign = await raise(qa.cookie, {
      title: "Cracked kerb",
      assigneeId: stranger.user.id,
      lotNumber: "LOT-9999",
      dueDate: "2026-02-30",
    });
    expect(foreign.status).toBe(400);
    expect(await english(foreign.data.error.dueDate)).toEqual(["Enter a valid date."]);

    const badChoices = await raise(qa.cookie, {
      title: "Cracked kerb",
      assigneeId: stranger.user.id,
      lotNumber: "LOT-9999",
    });
    expect(badChoices.status).toBe(400);
    expect(await english(badChoices.data.error.assigneeId)).toEqual(["This choice is no longer available."]);
    expect(await english(badChoices.data.error.lotNumber)).toEqual([
      "No lot of this project has that number.",
    ]);
    expect(await defectsOf(project)).toEqual([]);

    const scoped = scopeToProject(db.em, project.id);
    const lot = scoped.create(Lot, {
      project,
      number: "LOT-0042",
      title: "Kerb run",
      status: "open",
    } as never);
    const location = scoped.create(Location, {
      project,
      name: "Level 2",
      nameKey: "level 2",
      path: "/",
    } as never);
    await scoped.flush();

    const raised = await raise(qa.cookie, {
      title: "Cracked kerb",
      description: "Outside gate 3",
      assigneeId: trade.user.id,
      lotNumber: "lot-0042",
      locationId: location.id,
      dueDate: "2026-12-01",
      priority: "high",
    });
    expect(raised.data?.error ?? null).toBeNull();
    expect(raised.status).toBe(302);
    const [defect] = await defectsOf(project);
    expect(raised.location).toBe(`${REGISTER}/${defect.id}`);
    expect(defect).toMatchObject({
      number: "DEF-0001",
      status: "pending",
      priority: "high",
      title: "Cracked kerb",
    });
    expect(defect.lot?.id).toBe(lot.id);
    expect(defect.raisedAt).toBeInstanceOf(Date);

    // A draft needs no assignee and takes the next number.
    const draft = await raise(qa.cookie, { title: "Paint touch-up", save: "draft" });
    expect(draft.status).toBe(302);
    expect((await defectsOf(project)).map((d) => [d.number, d.status])).toEqual([
      ["DEF-0001", "pending"],
      ["DEF-0002", "draft"],
    ]);
  });

  it("is refused to a member without quality.defects.create", async () => {
    const { trade } = await site();
    expect((await callLoader(defectCreate, CREATE, { cookie: trade.cookie })).location).toBe("/forbidden");
    const posted = await raise(trade.cookie, { title: "Mine", assigneeId: trade.user.id });
    expect(posted.location).toBe("/forbidden");
  });
});

describe("punch list register", () => {
  it("searches, filters, pages and sorts through the URL; My defects; drafts only for their raiser", async () => {
    const { project, qa, trade, onlooker } = await site();
    for (let i = 1; i <= 11; i++)
      await raise(qa.cookie, {
        title: i === 5 ? "Door 50%_off" : `Defect ${i}`,
        assigneeId: i % 2 ? trade.user.id : onlooker.user.id,
        priority: i === 3 ? "high" : "normal",
      });
    const scoped = scopeToProject(db.em, project.id);
    scoped.create(Lot, { project, number: "LOT-0007", title: "Secret lot", status: "open" } as never);
    await scoped.flush();
    await raise(qa.cookie, { title: "Secret draft", save: "draft", lotNumber: "LOT-0007" });
    const otherProject = await createProject(db.em);
    const otherQa = await signedInMember(db.em, otherProject, [VIEW, CREATE_KEY]);
    await raise(otherQa.cookie, { title: "Elsewhere", assigneeId: otherQa.user.id });

    const load = (search: string, cookie = trade.cookie) =>
      callLoader(defectRegister, `${REGISTER}${search}`, { cookie });
    const first = await load("");
    expect(first.status).toBe(200);
    expect(first.data.canCreate).toBe(false);
    expect(first.data.register.total).toBe(11);
    expect(first.data.register.rows).toHaveLength(10);
    expect(first.data.register.rows[0].number).toBe("DEF-0011");
    expect((await load("?page=2")).data.register.rows.map((r: any) => r.number)).toEqual(["DEF-0001"]);
    expect((await load("?sort=number&dir=asc")).data.register.rows[0].number).toBe("DEF-0001");

    // The draft is its raiser's only.
    expect((await load("", qa.cookie)).data.register.total).toBe(12);
    expect((await load("?q=secret")).data.register.total).toBe(0);
    // Nor does the lot filter name a lot only a draft of someone else points at.
    expect(first.data.register.filters.lots).toEqual([]);
    expect((await load("", qa.cookie)).data.register.filters.lots.map((l: any) => l.label)).toEqual([
      "LOT-0007 Secret lot",
    ]);

    expect(
      (await load(`?q=${encodeURIComponent("50%_")}`)).data.register.rows.map((r: any) => r.title),
    ).toEqual(["Door 50%_off"]);
    expect((await load("?q=def-0003")).data.register.rows.map((r: any) => r.number)).toEqual(["DEF-0003"]);
    expect((await load("?priority=high")).data.register.total).toBe(1);
    expect((await load("?status=closed")).data.register.total).toBe(0);
    expect((await load(`?assignee=${onlooker.user.id}`)).data.register.total).toBe(5);
    const mine = await load("?tab=mine");
    expect(mine.data.register.total).toBe(6);
    expect(mine.data.register.rows.every((r: any) => r.assignee === "Tara Trade")).toBe(true);
    // Hostile values are ignored, not a 500.
    expect(
      (await load("?status=bogus&priority=x&assignee=nope&lot=1&sort=drop&page=-3")).data.register.total,
    ).toBe(11);
    expect((await load("?q=zzz-nothing")).data.register.rows).toEqual([]);
    expect(await defectsOf(project)).toHaveLength(12);
  });
});

describe("a defect's workflow on its page", () => {
  it("walks raised → in progress → completed → in review → not approved → rework → closed, each step by its party", async () => {
    const { project, qa, trade, onlooker } = await site();
    await raise(qa.cookie, { title: "Leaking valve", assigneeId: trade.user.id });
    let [defect] = await defectsOf(project);

    const asTrade = await callLoader(defectDetail, `${REGISTER}/${defect.id}`, {
      cookie: trade.cookie,
      params: { id: defect.id },
    });
    expect(asTrade.data.defect.actions.map((a: any) => a.action)).toEqual(["start", "dispute"]);
    // Someone else holding the same permission is not the assignee: no buttons, and a post is refused.
    const asOnlooker = await callLoader(defectDetail, `${REGISTER}/${defect.id}`, {
      cookie: onlooker.cookie,
      params: { id: defect.id },
    });
    expect(asOnlooker.data.defect.actions).toEqual([]);
    expect((await step(onlooker.cookie, defect, "start")).status).toBe(403);
    expect((await step(qa.cookie, defect, "start")).status).toBe(403);

    expect((await step(trade.cookie, defect, "start")).status).toBe(302);
    expect((await step(trade.cookie, defect, "complete")).status).toBe(302);
    // The assignee cannot review their own work.
    expect((await step(trade.cookie, defect, "start_review")).status).toBe(403);
    expect((await step(qa.cookie, defect, "start_review")).status).toBe(302);

    const noReason = await step(qa.cookie, defect, "reject", { comment: " " });
    expect(noReason.status).toBe(400);
    expect(await english(noReason.data.error.comment)).toEqual(["Give a reason."]);
    expect((await reload(project, defect.id)).status).toBe("in_review");
    expect((await step(qa.cookie, defect, "reject", { comment: "Still drips" })).status).toBe(302);
    expect((await reload(project, defect.id)).status).toBe("not_approved");

    expect((await step(trade.cookie, defect, "rework")).status).toBe(302);
    await step(trade.cookie, defect, "complete");
    await step(qa.cookie, defect, "start_review");
    // A step the state no longer allows (a second tab) is a 409 with the message, not a change.
    const stale = await step(trade.cookie, defect, "complete");
    expect(stale.status).toBe(409);
    expect(await english(stale.data.error[""])).toEqual([
      "This action is no longer possible: the defect has changed. Reload the page.",
    ]);
    const approved = await step(qa.cookie, defect, "approve");
    expect(approved.status).toBe(302);
    defect = await reload(project, defect.id);
    expect(defect.status).toBe("closed");
    expect(defect.closedAt).toBeInstanceOf(Date);

    const log = await scopeToProject(db.em, project.id).find(
      ActivityLog,
      { entityId: defect.id },
      { orderBy: { createdAt: "asc", id: "asc" } },
    );
    expect(log.map((entry) => (entry.after as { action?: string }).action ?? entry.action)).toEqual([
      "created",
      "start",
      "complete",
      "start_review",
      "reject",
      "rework",
      "complete",
      "start_review",
      "approve",
    ]);
    const page = await callLoader(defectDetail, `${REGISTER}/${defect.id}`, {
      cookie: qa.cookie,
      params: { id: defect.id },
    });
    expect(page.data.defect.actions.map((a: any) => a.action)).toEqual(["reopen"]);
    expect(page.data.defect.activity).toHaveLength(9);
  });

  it("disputes go back to QA, who reissues or withdraws (confirmed); drafts are raised or deleted by their raiser", async () => {
    const { project, qa, trade, onlooker } = await site();
    await raise(qa.cookie, { title: "Not my trade", assigneeId: trade.user.id });
    await raise(qa.cookie, { title: "Draft one", save: "draft" });
    const [disputed, draft] = await defectsOf(project);

    expect((await step(trade.cookie, disputed, "dispute")).status).toBe(400);
    expect(
      (await step(trade.cookie, disputed, "dispute", { comment: "Electrical, not plumbing" })).status,
    ).toBe(302);
    expect(
      (await step(qa.cookie, disputed, "reissue", { comment: "Your scope, see drawing E-12" })).status,
    ).toBe(302);
    expect((await reload(project, disputed.id)).status).toBe("pending");
    await step(trade.cookie, disputed, "dispute", { comment: "Still not mine" });
    const unconfirmed = await step(qa.cookie, disputed, "withdraw", { comment: "Raised in error" });
    expect(unconfirmed.status).toBe(400);
    expect(await english(unconfirmed.data.error.confirmed)).toEqual(["Confirm before sending."]);
    expect(
      (await step(qa.cookie, disputed, "withdraw", { comment: "Raised in error", confirmed: "on" })).status,
    ).toBe(302);
    expect((await reload(project, disputed.id)).status).toBe("closed");

    // A draft is its raiser's: others get a 404, as if it did not exist.
    const hidden = await callLoader(defectDetail, `${REGISTER}/${draft.id}`, {
      cookie: onlooker.cookie,
      params: { id: draft.id },
    });
    expect(hidden.status).toBe(404);
    // Raising needs an assignee.
    const noAssignee = await step(qa.cookie, draft, "raise");
    expect(noAssignee.status).toBe(409);
    expect(await english(noAssignee.data.error[""])).toEqual([
      "Choose who fixes it before raising the defect.",
    ]);
    expect((await step(qa.cookie, draft, "delete")).status).toBe(400);
    const deleted = await step(qa.cookie, draft, "delete", { confirmed: "on" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe(REGISTER);
    expect((await defectsOf(project)).map((d) => d.id)).toEqual([disputed.id]);
  });

  it("answers 404 for a defect of another project or a malformed id", async () => {
    const { qa } = await site();
    const other = await createProject(db.em);
    const otherQa = await signedInMember(db.em, other, [VIEW, CREATE_KEY]);
    const otherTrade = await signedInMember(db.em, other, [VIEW]);
    await raise(otherQa.cookie, { title: "Elsewhere", assigneeId: otherTrade.user.id });
    const [foreign] = await defectsOf(other);
    expect(
      (
        await callLoader(defectDetail, `${REGISTER}/${foreign.id}`, {
          cookie: qa.cookie,
          params: { id: foreign.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (await callLoader(defectDetail, `${REGISTER}/nope`, { cookie: qa.cookie, params: { id: "nope" } }))
        .status,
    ).toBe(404);
  });
});

describe("punch list export", () => {
  it("downloads the register as filtered in the URL, every page, with the texts of the user's language", async () => {
    const { project, qa, trade } = await site();
    for (let i = 1; i <= 12; i++)
      await raise(qa.cookie, {
        title: `Defect ${i}`,
        assigneeId: trade.user.id,
        priority: i === 2 ? "high" : "low",
      });
    await raise(qa.cookie, { title: "Draft only", save: "draft" });
    const exporter = await signedInMember(db.em, project, [VIEW, "quality.defects.download"]);
    const download = async (search: string, cookie = exporter.cookie) =>
      (await defectExport.loader({
        request: new Request(`http://localhost:3000/quality/defects/export${search}`, {
          headers: { Cookie: cookie },
        }),
        params: {},
        context: {},
      } as never)) as Response;

    const response = await download("?sort=number&dir=asc&page=2");
    expect(response.headers.get("Content-Disposition")).toContain("punch-list-");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet("Punch list")!;
    expect((sheet.getRow(1).values as string[]).slice(1, 6)).toEqual([
      "Defect No.",
      "Title",
      "Description",
      "Status",
      "Priority",
    ]);
    // Every page, the draft (someone else's) left out.
    expect(sheet.rowCount).toBe(13);
    expect((sheet.getRow(2).values as string[]).slice(1, 6)).toEqual(
      ["DEF-0001", "Defect 1", null, "Pending", "Low"].map((value) => value ?? undefined),
    );

    const high = new ExcelJS.Workbook();
    await high.xlsx.load(await (await download("?priority=high")).arrayBuffer());
    expect(high.getWorksheet("Punch list")!.rowCount).toBe(2);

    // Without the download permission: the guard's answer, no file.
    const refused = await download("", trade.cookie).catch((thrown) => thrown as Response);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/forbidden");
  });
});
