import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, Attachment, type IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { checklistFor } from "../domain/permit-workflow";
import { personKey } from "../domain/talk-fields";
import { SafetyPermit, SafetySignOn, SafetySignOnLink, SafetyTalk, SafetyTalkAttendee } from "../entities";
import * as signOnRoute from "../routes/external-talk-sign-on";
import * as talkCreate from "../routes/talk-create";
import * as talkDetail from "../routes/talk-detail";
import * as talkEdit from "../routes/talk-edit";
import * as talkRegister from "../routes/talk-register";
import { multipart } from "./fixtures";
import { makeLocation } from "./observation-fixtures";

const db = setupTestDatabase();
const CREATE = "/safety/ptt/create";
setupTestFileStorage("sp-talk-");

async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "safety");
  return (messages ?? []).map((text) => translateMessage(t as never, text));
}

const ALL_MEETING_KEYS = ["ptt", "pre-start-talk", "toolbox-talk"].flatMap((name) =>
  ["view", "create", "edit", "delete"].map((verb) => `safety.meeting.${name}-${verb}`),
);

const create = (cookie: string, fields: Record<string, string>) =>
  callAction(talkCreate, CREATE, {
    cookie,
    multipart: multipart({ kind: "toolbox", title: "Working at height", heldOn: "2026-11-20", ...fields }),
  });

const talksOf = (project: IProject) =>
  scopeToProject(db.em, project.id).find(SafetyTalk, {}, { orderBy: { number: "asc" } });
const attendeesOf = (talkId: string) =>
  db.em.find(SafetyTalkAttendee, { talk: talkId }, { orderBy: { position: "asc" }, filters: false });

const register = (cookie: string, query = "") =>
  callLoader(talkRegister, `/safety/meetings${query}`, { cookie });
const detail = (cookie: string, id: string, tab = "") =>
  callLoader(talkDetail, `/safety/meetings/ptt/${id}${tab}`, { cookie, params: { id } });
const intent = (cookie: string, id: string, form: Record<string, string>) =>
  callAction(talkDetail, `/safety/meetings/ptt/${id}`, { cookie, params: { id }, form });

/** A toolbox talk made by a supervisor holding every meeting permission, with its QR link open. */
async function talkWithLink(project: IProject) {
  const supervisor = await signedInMember(db.em, project, ALL_MEETING_KEYS, { name: "Sam Supervisor" });
  const created = await create(supervisor.cookie, {
    "attendees[0].name": "Ana Lima",
    "attendees[0].company": "Acme Scaffolds",
    "attendees[0].status": "present",
  });
  expect(created.status).toBe(302);
  const [talk] = await talksOf(project);
  expect((await intent(supervisor.cookie, talk.id, { intent: "sign-on-open" })).status).toBe(302);
  const page = await detail(supervisor.cookie, talk.id);
  const path: string = page.data.talk.signOn.path;
  const url = new URL(path, "http://localhost:3000");
  const linkId = url.pathname.split("/")[3];
  return { supervisor, talk, path, linkId, token: url.searchParams.get("token") ?? "" };
}

const signOn = (path: string, linkId: string, form: Record<string, string>) =>
  callAction(signOnRoute, path, { params: { id: linkId }, form });
const signOnPage = (path: string, linkId: string) =>
  callLoader(signOnRoute, path, { params: { id: linkId } });

describe("the region rule (spec 6) in the permission layer", () => {
  it("gives an AU project's members pre-start-talk-*, other projects' ptt-*, and toolbox talks everywhere", async () => {
    const au = await createProject(db.em, { language: "AU" });
    const other = await createProject(db.em, { language: "EN" });
    const inAu = await signedInMember(db.em, au, ALL_MEETING_KEYS);
    const elsewhere = await signedInMember(db.em, other, ALL_MEETING_KEYS);
    // Both see both kinds: the pre-start kind through the key their region keeps.
    expect((await register(inAu.cookie)).data.register.tabs).toEqual(["pre_start", "toolbox"]);
    expect((await register(elsewhere.cookie)).data.register.tabs).toEqual(["pre_start", "toolbox"]);

    // A role holding only the other region's pre-start key grants nothing of it.
    const auWithPtt = await signedInMember(db.em, au, [
      "safety.meeting.ptt-view",
      "safety.meeting.toolbox-talk-view",
    ]);
    expect((await register(auWithPtt.cookie)).data.register.tabs).toEqual(["toolbox"]);
    const otherWithPreStart = await signedInMember(db.em, other, [
      "safety.meeting.pre-start-talk-view",
      "safety.meeting.pre-start-talk-create",
    ]);
    expect((await register(otherWithPreStart.cookie)).location).toBe("/forbidden");
    expect((await callLoader(talkCreate, CREATE, { cookie: otherWithPreStart.cookie })).location).toBe(
      "/forbidden",
    );
    const auPreStart = await signedInMember(db.em, au, ["safety.meeting.pre-start-talk-view"]);
    expect((await register(auPreStart.cookie)).data.register.tabs).toEqual(["pre_start"]);
    const otherPtt = await signedInMember(db.em, other, [
      "safety.meeting.ptt-view",
      "safety.meeting.ptt-create",
    ]);
    const otherPage = await register(otherPtt.cookie);
    expect(otherPage.data.register.tabs).toEqual(["pre_start"]);
    expect(otherPage.data.createKinds).toEqual(["pre_start"]);
  });

  it("opens the meetings page for any one of the three view permissions, and for nobody without one", async () => {
    const project = await createProject(db.em);
    const toolbox = await signedInMember(db.em, project, ["safety.meeting.toolbox-talk-view"]);
    const page = await register(toolbox.cookie, "?tab=pre_start");
    expect(page.status).toBe(200);
    // A tab the user may not view falls back to one they may.
    expect(page.data.register.query.tab).toBe("toolbox");
    const none = await signedInMember(db.em, project, ["safety.actions.view"]);
    expect((await register(none.cookie)).location).toBe("/forbidden");
  });

  it("keeps a talk of a kind the user may not view out of their reach", async () => {
    const project = await createProject(db.em, { language: "EN" });
    const { talk } = await talkWithLink(project);
    const ptt = await signedInMember(db.em, project, ["safety.meeting.ptt-view"]);
    expect((await detail(ptt.cookie, talk.id)).status).toBe(403);
    const viewer = await signedInMember(db.em, project, ["safety.meeting.toolbox-talk-view"]);
    const page = await detail(viewer.cookie, talk.id);
    expect(page.status).toBe(200);
    expect(page.data.canEdit).toBe(false);
    // Without edit there is no QR code to show, and no intent to open one.
    expect(page.data.talk.signOn).toBeNull();
    expect((await intent(viewer.cookie, talk.id, { intent: "sign-on-open" })).status).toBe(403);
  });
});

describe("creating and editing a talk", () => {
  it("refuses a bad form and writes nothing", async () => {
    const project = await createProject(db.em);
    const member = await signedInMember(db.em, project, ALL_MEETING_KEYS);
    const future = new Date();
    future.setUTCDate(future.getUTCDate() + 3);
    const refused = await create(member.cookie, {
      title: " ",
      heldOn: future.toISOString().slice(0, 10),
      "attendees[0].name": "",
      "attendees[0].remark": "Arrived at 7:10",
      signature: "data:text/html;base64,PHNjcmlwdD4=",
    });
    expect(refused.status).toBe(400);
    expect(await english(refused.data.error.title)).toEqual(["This field is required"]);
    expect(await english(refused.data.error.heldOn)).toEqual(["A talk cannot be held in the future"]);
    expect(await english(refused.data.error["attendees[0].name"])).toEqual(["This field is required"]);
    expect(await english(refused.data.error.signature)).toEqual([
      "The signature could not be read. Sign again.",
    ]);

    const elsewhere = await makeLocation(db.em, await createProject(db.em), "Other site");
    const foreign = await create(member.cookie, { locationId: elsewhere.id, supervisorId: elsewhere.id });
    expect(foreign.status).toBe(400);
    expect(foreign.data.error.locationId).toBeTruthy();
    expect(foreign.data.error.supervisorId).toBeTruthy();

    // A kind the user may not create.
    const toolboxOnly = await signedInMember(db.em, project, ["safety.meeting.toolbox-talk-create"]);
    const notAllowed = await create(toolboxOnly.cookie, { kind: "pre_start" });
    expect(notAllowed.status).toBe(400);
    expect(notAllowed.data.error.kind).toBeTruthy();

    expect(await talksOf(project)).toEqual([]);
    expect(await db.em.count(SafetyTalkAttendee, {}, { filters: false })).toBe(0);
    expect(await db.em.count(ActivityLog, { entityType: "safety-talk" })).toBe(0);
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(0);
  });

  it("numbers talks per project and kind, keeps the attendance and the signature, and logs each save", async () => {
    const project = await createProject(db.em);
    const member = await signedInMember(db.em, project, ALL_MEETING_KEYS, { name: "Sam Supervisor" });
    const place = await makeLocation(db.em, project, "Deck");
    const first = await create(member.cookie, {
      supervisorId: member.user.id,
      locationId: place.id,
      workPackage: "Bridge deck",
      subActivity: "Formwork",
      talkingPoints: "Harness checks\nExclusion zones",
      signatureTypedName: "Sam Supervisor",
      "attendees[0].name": "Ana Lima",
      "attendees[0].company": "Acme",
      "attendees[0].status": "late",
      "attendees[0].remark": "7:10",
      "attendees[1].name": "",
      "attendees[2].name": "Ben Ode",
    });
    expect(first.status).toBe(302);
    await create(member.cookie, { kind: "pre_start", title: "Morning pre-start" });
    await create(member.cookie, { title: "Manual handling" });
    const talks = await talksOf(project);
    expect(talks.map((talk) => talk.number)).toEqual(["PST-0001", "TBT-0001", "TBT-0002"]);
    const toolbox = talks.find((talk) => talk.number === "TBT-0001")!;
    expect(first.location).toBe(`/safety/meetings/ptt/${toolbox.id}`);

    const page = await detail(member.cookie, toolbox.id);
    expect(page.data.talk).toMatchObject({
      supervisor: "Sam Supervisor",
      location: "Deck",
      workPackage: "Bridge deck",
      subActivity: "Formwork",
      signature: { typed: "Sam Supervisor", image: null },
      attendees: [
        expect.objectContaining({ name: "Ana Lima", company: "Acme", status: "late", remark: "7:10" }),
        expect.objectContaining({ name: "Ben Ode", company: null, status: "present" }),
      ],
    });

    // The register: the toolbox tab, searched, and its phone-card fields.
    const list = await register(member.cookie, "?tab=toolbox&q=height");
    expect(list.data.register.rows).toEqual([
      expect.objectContaining({
        number: "TBT-0001",
        attendees: 2,
        location: "Deck",
        supervisor: "Sam Supervisor",
      }),
    ]);
    expect((await register(member.cookie, "?tab=pre_start")).data.register.total).toBe(1);

    // Editing: a row removed, one added; the signature kept when the pad is left empty.
    const [ana] = await attendeesOf(toolbox.id);
    const edited = await callAction(talkEdit, `/safety/ptt/edit/${toolbox.id}`, {
      cookie: member.cookie,
      params: { id: toolbox.id },
      multipart: multipart({
        title: "Working at height on the deck",
        heldOn: "2026-11-20",
        "attendees[0].id": ana.id,
        "attendees[0].name": "Ana Lima",
        "attendees[0].company": "Acme",
        "attendees[0].status": "present",
        "attendees[1].name": "Cai Dinh",
        "attendees[1].company": "Dinh Electrical",
      }),
    });
    expect(edited.status).toBe(302);
    const after = await attendeesOf(toolbox.id);
    expect(after.map((row) => [row.name, row.status])).toEqual([
      ["Ana Lima", "present"],
      ["Cai Dinh", "present"],
    ]);
    expect(after[0].id).toBe(ana.id);
    const reloaded = await db.em.fork().findOneOrFail(SafetyTalk, toolbox.id, { filters: false });
    expect(reloaded.supervisorSignature).toBe("typed:Sam Supervisor");
    const log = await detail(member.cookie, toolbox.id, "?tab=activity");
    expect(log.data.talk.activity.map((entry: { action: string }) => entry.action)).toEqual([
      "updated",
      "created",
    ]);
    expect(log.data.talk.activity[0].after).toMatchObject({ title: "Working at height on the deck" });
  });
});

describe("signing on through the QR link", () => {
  it("names the permit to work the crew works under: one of the project's, not archived", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const member = await signedInMember(db.em, project, ALL_MEETING_KEYS, { name: "Sam Supervisor" });
    // One fork: db.em is a new one at each use.
    const em = db.em;
    const permitIn = (owner: IProject, number: string, status = "ACTIVE") =>
      em.create(SafetyPermit, {
        project: owner,
        number,
        type: "hot_work",
        title: "Welding handrail brackets",
        validFrom: new Date(Date.now() - 3_600_000),
        validTo: new Date(Date.now() + 8 * 3_600_000),
        checklist: checklistFor("hot_work"),
        status,
        issuer: member.user,
        receiver: member.user,
        createdBy: member.user,
      } as never) as unknown as { id: string };
    const permit = permitIn(project, "PTW-0001");
    const archived = permitIn(project, "PTW-0002", "ARCHIVED");
    const foreign = permitIn(other, "PTW-0001");
    await em.flush();

    // The form offers the project's permits that are not archived.
    const form = await callLoader(talkCreate, CREATE, { cookie: member.cookie });
    expect(form.data.choices.permits.map((choice: { label: string }) => choice.label)).toEqual([
      "PTW-0001 Welding handrail brackets",
    ]);
    for (const refused of [archived.id, foreign.id]) {
      const answer = await create(member.cookie, { permitId: refused });
      expect(answer.status).toBe(400);
      expect(await english(answer.data.error.permitId)).toEqual(["Choose one of the options offered"]);
    }
    expect(await talksOf(project)).toHaveLength(0);
    expect((await create(member.cookie, { permitId: permit.id })).status).toBe(302);
    const [talk] = await talksOf(project);
    const page = await detail(member.cookie, talk.id);
    expect(page.data.talk.permit).toEqual({
      id: permit.id,
      number: "PTW-0001",
      title: "Welding handrail brackets",
    });
  });

  it("adds a valid signature to the attendance, once per person, and matches a row typed in beforehand", async () => {
    const project = await createProject(db.em);
    const { supervisor, talk, path, linkId } = await talkWithLink(project);
    const opened = await signOnPage(path, linkId);
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({
      state: "valid",
      talk: { number: "TBT-0001", title: "Working at height" },
    });

    const signed = await signOn(path, linkId, {
      name: "Dao Van",
      company: "Van Plumbing",
      signatureTypedName: "Dao Van",
    });
    expect(signed.status).toBe(302);
    expect(signed.location).toBe(`${path}&signed=Dao%20Van`);
    // The person typed in by the supervisor signs onto their own row.
    expect(
      (
        await signOn(path, linkId, {
          name: "  ana LIMA ",
          company: "acme scaffolds",
          signatureTypedName: "Ana",
        })
      ).status,
    ).toBe(302);

    const rows = await attendeesOf(talk.id);
    expect(rows.map((row) => [row.name, row.company, row.status, Boolean(row.signOn)])).toEqual([
      ["Ana Lima", "Acme Scaffolds", "present", true],
      ["Dao Van", "Van Plumbing", "present", true],
    ]);
    const page = await detail(supervisor.cookie, talk.id);
    expect(page.data.talk.attendees[1].signature).toEqual({ typed: "Dao Van", image: null });

    // The same person again (other case and spaces): refused, nothing written.
    const again = await signOn(path, linkId, {
      name: "DAO  van",
      company: "van plumbing ",
      signatureTypedName: "Dao",
    });
    expect(again.status).toBe(409);
    expect(await english(again.data.error[""])).toEqual(["This person has already signed on to this talk."]);
    expect(await db.em.count(SafetySignOn, {}, { filters: false })).toBe(2);
    expect(await attendeesOf(talk.id)).toHaveLength(2);
    // Another company is another person.
    expect(
      (await signOn(path, linkId, { name: "Dao Van", company: "Other Co", signatureTypedName: "Dao" }))
        .status,
    ).toBe(302);

    const log = await detail(supervisor.cookie, talk.id, "?tab=activity");
    expect(
      log.data.talk.activity.filter((entry: { action: string }) => entry.action === "signed-on"),
    ).toHaveLength(3);
  });

  it("changes nothing for bad input: no name, no company, no signature, a signature that is not an image", async () => {
    const project = await createProject(db.em);
    const { talk, path, linkId } = await talkWithLink(project);
    const empty = await signOn(path, linkId, { name: " ", company: "" });
    expect(empty.status).toBe(400);
    expect(await english(empty.data.error.name)).toEqual(["This field is required"]);
    expect(await english(empty.data.error.company)).toEqual(["This field is required"]);
    const unsigned = await signOn(path, linkId, { name: "Eve Ng", company: "X" });
    expect(unsigned.status).toBe(400);
    expect(await english(unsigned.data.error.signatureTypedName)).toEqual(["Sign, or type your full name"]);
    const forged = await signOn(path, linkId, {
      name: "Eve",
      company: "X",
      signature: "javascript:alert(1)",
    });
    expect(forged.status).toBe(400);
    const long = await signOn(path, linkId, { name: "x".repeat(201), company: "X", signatureTypedName: "x" });
    expect(long.status).toBe(400);
    expect(await db.em.count(SafetySignOn, {}, { filters: false })).toBe(0);
    expect(await attendeesOf(talk.id)).toHaveLength(1);
  });

  it("answers an expired or revoked link with its own page (410), and a wrong token with 404", async () => {
    const project = await createProject(db.em);
    const { supervisor, talk, path, linkId, token } = await talkWithLink(project);
    // A token that names nothing, or another link's id.
    expect((await signOnPage(`/external/ptt/${linkId}/sign-on?token=nope`, linkId)).status).toBe(404);
    const otherId = "00000000-0000-4000-8000-000000000000";
    expect((await signOnPage(`/external/ptt/${otherId}/sign-on?token=${token}`, otherId)).status).toBe(404);

    await db.em.nativeUpdate(
      SafetySignOnLink,
      { id: linkId },
      { expiresAt: new Date(Date.now() - 1000) },
      { filters: false },
    );
    const expired = await signOnPage(path, linkId);
    expect(expired.status).toBe(410);
    expect(expired.data).toEqual({ state: "expired" });
    const late = await signOn(path, linkId, {
      name: "Late Larry",
      company: "L",
      signatureTypedName: "Larry",
    });
    expect(late.status).toBe(410);
    expect(await db.em.count(SafetySignOn, {}, { filters: false })).toBe(0);

    // A new code for the talk, then ended by the supervisor.
    await intent(supervisor.cookie, talk.id, { intent: "sign-on-open" });
    const fresh = (await detail(supervisor.cookie, talk.id)).data.talk.signOn;
    expect(fresh.linkId).not.toBe(linkId);
    expect((await signOnPage(fresh.path, fresh.linkId)).status).toBe(200);
    expect(
      (await intent(supervisor.cookie, talk.id, { intent: "sign-on-revoke", linkId: fresh.linkId })).status,
    ).toBe(302);
    const revoked = await signOnPage(fresh.path, fresh.linkId);
    expect(revoked.status).toBe(410);
    expect(revoked.data).toEqual({ state: "revoked" });
    expect((await detail(supervisor.cookie, talk.id)).data.talk.signOn).toBeNull();
    // Only the token's hash is stored.
    const stored = await db.em.findOneOrFail(SafetySignOnLink, fresh.linkId, { filters: false });
    expect(stored.tokenHash).not.toContain(new URL(fresh.path, "http://x").searchParams.get("token"));
  });

  it("folds who a person is: case, spaces and Unicode form, but not accents", () => {
    expect(personKey("  JOHN  smith ", "ACME ")).toBe(personKey("John Smith", "acme"));
    expect(personKey("Lê Văn", "A")).not.toBe(personKey("Le Van", "A"));
    expect(personKey("Lê Văn", "A")).toBe(personKey("Le\u0302 Va\u0306n", "A"));
  });
});

describe("deleting a talk", () => {
  it("needs the kind's delete permission and 'I am sure', and takes its sign-ons and links with it", async () => {
    const project = await createProject(db.em);
    const { talk, path, linkId } = await talkWithLink(project);
    await signOn(path, linkId, { name: "Dao Van", company: "Van Plumbing", signatureTypedName: "Dao Van" });
    const editor = await signedInMember(db.em, project, [
      "safety.meeting.toolbox-talk-view",
      "safety.meeting.ptt-delete",
    ]);
    expect((await intent(editor.cookie, talk.id, { intent: "delete", confirmed: "on" })).status).toBe(403);
    const owner = await signedInMember(db.em, project, ALL_MEETING_KEYS);
    expect((await intent(owner.cookie, talk.id, { intent: "delete" })).status).toBe(302);
    expect(await talksOf(project)).toHaveLength(1);
    const deleted = await intent(owner.cookie, talk.id, { intent: "delete", confirmed: "on" });
    expect(deleted.location).toBe("/safety/meetings?tab=toolbox");
    expect(await talksOf(project)).toEqual([]);
    expect(await db.em.count(SafetySignOn, {}, { filters: false })).toBe(0);
    expect(await db.em.count(SafetySignOnLink, {}, { filters: false })).toBe(0);
    expect((await signOnPage(path, linkId)).status).toBe(404);
  });
});
