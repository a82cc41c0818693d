import { describe, expect, it } from "vitest";
import { type IProject, type IUser, Notification, OutboxMail } from "~/server/db/entities";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { type ILot, Lot } from "../entities";
import * as defectCreate from "../routes/defect-create";
import * as defectDetail from "../routes/defect-detail";
import * as lotDetail from "../routes/lot-detail";
import * as lotHpWp from "../routes/lot-hp-wp";
import * as lotNotificationSettings from "../routes/lot-notification-settings";
import * as ncrCreate from "../routes/ncr-create";
import * as ncrDetail from "../routes/ncr-detail";
import { notifyQualityEvent } from "../server/quality-notifications.server";
import { completeRecords } from "./lot-gate-fixtures";
import { assign, LOT_ALL, makeItp, makeLot } from "./reports-fixtures";

const db = setupTestDatabase();
const SETTINGS = "/quality/lot/notification";

/** The lot workflow's people: each role holds its step's permission and nothing of the others' steps. */
async function lotTeam() {
  const project = await createProject(db.em, { name: "Harbour Bridge" });
  const member = async (name: string, keys: string[]) => {
    const user = await createUser(db.em, { name, email: `${name.split(" ")[0].toLowerCase()}@team.test` });
    return signedInMember(db.em, project, keys, user);
  };
  const site = await member("Sam Site", [...LOT_ALL, "quality.lot.lot-reopen-cancel"]);
  const engineer = await member("Pete Engineer", ["quality.lot.view", "quality.lot.internal-review"]);
  const qa = await member("Quinn QA", ["quality.lot.view", "quality.lot.qa-review", "quality.lot.close"]);
  const client = await member("Carl Client", ["quality.lot.view", "quality.lot.external-review"]);
  const admin = await member("Ada Admin", [
    "quality.lot.view",
    "quality.lot.view-notification-settings",
    "quality.lot.edit-notification-settings",
  ]);
  const lot = await makeLot(db.em, project, { title: "Deck pour" });
  await completeRecords(db.em, project, lot);
  await db.em.nativeUpdate(
    Lot,
    { id: lot.id },
    { status: "active", subStatus: "completed_pending_records" },
    { filters: false },
  );
  return { project, lot, site, engineer, qa, client, admin };
}

const step = (lot: ILot, cookie: string, action: string, comment?: string) =>
  callAction(lotDetail, `/quality/lot/${lot.id}`, {
    cookie,
    params: { id: lot.id },
    form: { intent: "transition", action, ...(comment ? { comment } : {}) },
  });

/** Each person's in-app notifications (event: title), in order of event name and title (two can share a millisecond). */
async function inbox(project: IProject, user: IUser) {
  const rows = await db.em.find(
    Notification,
    { project: project.id, recipient: user.id },
    { orderBy: { createdAt: "asc", id: "asc" }, filters: false },
  );
  return rows.map((row) => `${row.event}: ${row.title}`).sort();
}

const mailSubjects = async (user: IUser) =>
  (await db.em.find(OutboxMail, { to: user.email }, { orderBy: { createdAt: "asc", id: "asc" } }))
    .map((mail) => mail.subject)
    .sort();

/** Saves the lot notification form as the page shows it, with some events changed. */
async function saveLotSettings(cookie: string, values: Record<string, string>) {
  const page = await callLoader(lotNotificationSettings, SETTINGS, { cookie });
  const shown = Object.fromEntries(
    Object.entries(page.data.cards[0].values as Record<string, string>).map(([name, value]) => [name, value]),
  );
  return callAction(lotNotificationSettings, SETTINGS, {
    cookie,
    form: { moduleId: "quality", form: "lotNotifications", intent: "save", ...shown, ...values },
  });
}

describe("the lot workflow tells the people of its next step", () => {
  it("walks a lot from submission to re-opening: each step reaches its people in the app and by mail, never the actor", async () => {
    const { project, lot, site, engineer, qa, client } = await lotTeam();
    const n = lot.number;

    expect((await step(lot, site.cookie, "submit_to_engineer")).status).toBe(302);
    expect(await inbox(project, engineer.user)).toEqual([
      `lot-submitted: Lot ${n} is waiting for the Project Engineer's review`,
    ]);
    expect(await mailSubjects(engineer.user)).toEqual([
      `Lot ${n} is waiting for the Project Engineer's review`,
    ]);
    const [mail] = await db.em.find(OutboxMail, { to: engineer.user.email });
    expect(mail.text).toContain(`Sam Site submitted lot ${n} "Deck pour" to the Project Engineer.`);
    expect(mail.text).toContain(`/quality/lot/${lot.id}`);

    await step(lot, engineer.cookie, "engineer_reject", "Cover to reinforcement not recorded");
    expect(await inbox(project, site.user)).toEqual([`lot-rejected: Lot ${n} rejected`]);
    const [rejection] = await db.em.find(Notification, { recipient: site.user.id }, { filters: false });
    expect(rejection.body).toBe(
      `Pete Engineer rejected lot ${n} "Deck pour": Cover to reinforcement not recorded`,
    );

    await step(lot, site.cookie, "submit_to_engineer");
    await step(lot, engineer.cookie, "engineer_approve");
    expect(await inbox(project, qa.user)).toEqual([
      `lot-sent-to-qa: Lot ${n} approved by the Project Engineer and sent to QA`,
    ]);
    await step(lot, qa.cookie, "qa_acknowledge");
    await step(lot, qa.cookie, "qa_approve");
    await step(lot, qa.cookie, "send_external_review");
    expect(await inbox(project, client.user)).toEqual([
      `lot-sent-to-client: Lot ${n} is waiting for the client's review`,
    ]);
    await step(lot, client.cookie, "external_approve");
    await step(lot, qa.cookie, "close");
    await step(lot, site.cookie, "reopen", "Test certificate missing");

    // QA acted on everything QA would have been told of, except the client's approval.
    expect(await inbox(project, qa.user)).toEqual(
      [
        `lot-sent-to-qa: Lot ${n} approved by the Project Engineer and sent to QA`,
        `lot-approved: Lot ${n} approved`,
      ].sort(),
    );
    expect(await inbox(project, site.user)).toEqual(
      [`lot-rejected: Lot ${n} rejected`, `lot-closed: Lot ${n} closed`].sort(),
    );
    // The site team re-opened it themselves: Sam is the only site member, so nobody else is told.
    expect(await inbox(project, engineer.user)).toHaveLength(2);
    expect(await inbox(project, client.user)).toHaveLength(1);
    expect(await mailSubjects(site.user)).toEqual([`Lot ${n} closed`, `Lot ${n} rejected`]);
  });

  it("follows the project's settings: an event turned off tells nobody, in-app only sends no mail", async () => {
    const { project, lot, site, engineer, admin } = await lotTeam();
    const saved = await saveLotSettings(admin.cookie, { lotSubmitted: "off", lotRejected: "in-app" });
    expect(saved.status).toBe(302);

    await step(lot, site.cookie, "submit_to_engineer");
    expect(await inbox(project, engineer.user)).toEqual([]);
    expect(await mailSubjects(engineer.user)).toEqual([]);

    await step(lot, engineer.cookie, "engineer_reject", "Photos missing");
    expect(await inbox(project, site.user)).toEqual([`lot-rejected: Lot ${lot.number} rejected`]);
    expect(await mailSubjects(site.user)).toEqual([]);
  });

  it("tells the site team of a hold point released or rejected, and QA of a point notified", async () => {
    const { project, lot, site, qa } = await lotTeam();
    const { itp, items } = await makeItp(db.em, project, {
      items: [{ activity: "Inspect reinforcement", kind: "H" }],
    });
    await assign(db.em, project, lot, itp);
    const [hold] = items;
    const point = (cookie: string, action: string, comment?: string) =>
      callAction(lotHpWp, `/quality/lot/${lot.id}/hp-wp`, {
        cookie,
        params: { id: lot.id },
        form: { intent: "point", itemId: hold.id, action, ...(comment ? { comment } : {}) },
      });
    expect((await point(site.cookie, "notify")).status).toBe(302);
    await point(qa.cookie, "reject", "Bar chairs missing");
    await point(site.cookie, "notify");
    await point(qa.cookie, "release");

    const title = (what: string) => `Lot ${lot.number}: inspection point ${itp.number} #1 ${what}`;
    expect(await inbox(project, qa.user)).toEqual([
      `hold-point-notified: ${title("is ready for release")}`,
      `hold-point-notified: ${title("is ready for release")}`,
    ]);
    expect(await inbox(project, site.user)).toEqual([
      `hold-point-rejected: ${title("rejected")}`,
      `hold-point-released: ${title("released")}`,
    ]);
    expect(await mailSubjects(site.user)).toEqual([title("rejected"), title("released")]);
  });

  it("lets the client's release pages tell the site team through the same function (no member acting)", async () => {
    const { project, lot, site } = await lotTeam();
    const outcome = await notifyQualityEvent(db.em, {
      projectId: project.id,
      event: "hold-point-released",
      subject: { number: lot.number, title: lot.title, link: `/quality/lot/${lot.id}/hp-wp` },
      actorId: null,
      actorName: "Carla Client (typed)",
      comment: "Looks good",
      params: { itp: "ITP-0009", position: 3, activity: "Inspect reinforcement" },
    });
    expect(outcome).toMatchObject({ channel: "in-app-and-email", notified: 1, mailed: 1 });
    const [row] = await db.em.find(Notification, { recipient: site.user.id }, { filters: false });
    expect(row.body).toBe(
      `Carla Client (typed) released inspection point ITP-0009 #3 "Inspect reinforcement" of lot ${lot.number} "Deck pour". Looks good`,
    );
  });
});

describe("NCRs and the punch list tell their people", () => {
  it("tells NCR reviewers and the site team of a raised NCR, not the raiser", async () => {
    const { project, site } = await lotTeam();
    const raiser = await signedInMember(db.em, project, ["quality.ncr.view", "quality.ncr.create"]);
    const reviewer = await signedInMember(db.em, project, ["quality.ncr.view", "quality.ncr.review"]);
    const result = await callAction(ncrCreate, "/quality/ncr/create", {
      cookie: raiser.cookie,
      form: {
        type: "system",
        title: "Records signed early",
        description: "Signed first.",
        raisedOn: "2026-11-20",
      },
    });
    expect(result.status).toBe(302);
    expect(await inbox(project, reviewer.user)).toEqual(["ncr-raised: NCR NCR-0001 raised"]);
    expect(await inbox(project, site.user)).toEqual(["ncr-raised: NCR NCR-0001 raised"]);
    expect(await inbox(project, raiser.user)).toEqual([]);
  });

  it("tells the raiser and the site team when an NCR is closed", async () => {
    const { project, site } = await lotTeam();
    const raiser = await signedInMember(db.em, project, ["quality.ncr.view", "quality.ncr.create"]);
    const closer = await signedInMember(db.em, project, [
      "quality.ncr.view",
      "quality.ncr.edit",
      "quality.ncr.review",
      "quality.ncr.close",
    ]);
    const raised = await callAction(ncrCreate, "/quality/ncr/create", {
      cookie: raiser.cookie,
      form: {
        type: "system",
        title: "Records signed early",
        description: "Signed first.",
        raisedOn: "2026-11-20",
      },
    });
    const ncrId = String(raised.location).split("/").pop() as string;
    const post = (form: Record<string, string>) =>
      callAction(ncrDetail, `/quality/ncr/${ncrId}`, { cookie: closer.cookie, params: { id: ncrId }, form });
    await post({
      intent: "save",
      title: "Records signed early",
      description: "Signed first.",
      disposition: "use_as_is",
      concessionAuthorisedBy: "J. Nguyen (client)",
      rootCause: "No hold on the sign-off",
      correctiveAction: "Sign-off waits for the laboratory",
      correctiveActionOwner: "QA manager",
      correctiveActionDue: "2026-12-01",
      effectivenessCheck: "Next 3 lots OK",
    });
    await post({ intent: "transition", action: "submit_for_review" });
    expect((await post({ intent: "transition", action: "close", confirmed: "true" })).status).toBe(302);

    expect(await inbox(project, raiser.user)).toEqual(["ncr-closed: NCR NCR-0001 closed"]);
    expect(await inbox(project, site.user)).toEqual(
      ["ncr-closed: NCR NCR-0001 closed", "ncr-raised: NCR NCR-0001 raised"].sort(),
    );
    // The closer reviews NCRs: told of the raise, never of their own close.
    expect(await inbox(project, closer.user)).toEqual(["ncr-raised: NCR NCR-0001 raised"]);
  });

  it("hands a defect to its assignee, its completion to reviewers, a rejection back to the assignee", async () => {
    const project = await createProject(db.em);
    const raiser = await signedInMember(db.em, project, [
      "quality.defects.view",
      "quality.defects.create",
      "quality.defects.review",
    ]);
    const assignee = await signedInMember(db.em, project, [
      "quality.defects.view",
      "quality.defects.respond",
    ]);
    const reviewer = await signedInMember(db.em, project, ["quality.defects.view", "quality.defects.review"]);
    const created = await callAction(defectCreate, "/quality/defects/create", {
      cookie: raiser.cookie,
      form: { title: "Cracked kerb", priority: "normal", save: "raise", assigneeId: assignee.user.id },
    });
    expect(created.status).toBe(302);
    const defectId = String(created.location).split("/").pop() as string;
    const act = (cookie: string, action: string, comment?: string) =>
      callAction(defectDetail, `/quality/defects/${defectId}`, {
        cookie,
        params: { id: defectId },
        form: { intent: "transition", action, ...(comment ? { comment } : {}) },
      });
    await act(assignee.cookie, "start");
    await act(assignee.cookie, "complete");
    await act(reviewer.cookie, "start_review");
    await act(reviewer.cookie, "reject", "Still cracked");

    expect(await inbox(project, assignee.user)).toEqual([
      "defect-assigned: Defect DEF-0001 is assigned to you",
      "defect-not-approved: Defect DEF-0001 not approved",
    ]);
    expect(await inbox(project, reviewer.user)).toEqual([
      "defect-completed: Defect DEF-0001 completed, waiting for review",
    ]);
    // The raiser reviews too: told of the completion, never of their own raise.
    expect(await inbox(project, raiser.user)).toEqual([
      "defect-completed: Defect DEF-0001 completed, waiting for review",
    ]);
  });
});
