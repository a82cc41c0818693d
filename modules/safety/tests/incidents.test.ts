import { describe, expect, it } from "vitest";
import { ActivityLog, Location } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { childPath } from "~/server/locations/tree";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import { createCompany, createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import {
  type ISafetyIncident,
  SafetyAction,
  SafetyIncident,
  SafetyIncidentDrugTest,
  SafetyIncidentReferenceItem,
} from "../entities";
import * as edit from "../routes/incident-edit";
import * as incidentFile from "../routes/incident-file";
import * as filterValues from "../routes/incident-filter-values";
import * as injuredFiles from "../routes/incident-injured-files";
import * as raise from "../routes/incident-raise";
import * as referenceLists from "../routes/incident-reference-lists";
import * as register from "../routes/incident-register";
import * as view from "../routes/incident-view";
import * as witnessCreate from "../routes/incident-witness-create";
import { english, notificationsOf } from "./fixtures";
import { incidentSite, setProjectTimeZone, wallTime } from "./incident-fixtures";

const db = setupTestDatabase();
const RAISE = "/safety/ims/raise-incident";
const HOUR = 3_600_000;

const incidentsOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(
    SafetyIncident,
    {},
    { orderBy: { sequence: "asc" }, populate: ["reporter", "shePerson"] },
  );

const basic = (overrides: Record<string, string | string[]> = {}) => ({
  intent: "save",
  title: "Worker struck by swinging load",
  ...wallTime(new Date(Date.now() - 2 * HOUR), "UTC"),
  impactAreas: ["People", "Equipment"],
  description: "The tag line slipped while the crane slewed.",
  ...overrides,
});

const editPath = (id: string, step: string) => `/safety/ims/edit/${id}?step=${step}`;
const viewPath = (id: string) => `/safety/ims/view/${id}`;
const step = (cookie: string, id: string, action: string, extra: Record<string, string> = {}) =>
  callAction(view, viewPath(id), {
    cookie,
    params: { id },
    form: { intent: "transition", action, ...extra },
  });

describe("raising an incident", () => {
  it("refuses an invalid hour, an invalid minute, a future time and no impact area, and writes nothing", async () => {
    const project = await createProject(db.em);
    const { reporter } = await incidentSite(db.em, project);
    const post = (fields: Record<string, string | string[]>) =>
      callAction(raise, RAISE, { cookie: reporter.cookie, form: basic(fields) });

    const hour = await post({ occurredHour: "24" });
    expect(hour.status).toBe(400);
    expect(await english(hour.data.error.occurredHour)).toEqual(["Invalid hour"]);
    const minute = await post({ occurredMinute: "60" });
    expect(await english(minute.data.error.occurredMinute)).toEqual(["Invalid minute"]);
    const future = await post(wallTime(new Date(Date.now() + 2 * HOUR), "UTC"));
    expect(await english(future.data.error.occurredHour)).toEqual([
      "You can not choose a time in the future",
    ]);
    const noArea = await post({ impactAreas: [] });
    expect(await english(noArea.data.error.impactAreas)).toEqual(["Choose at least one impact area."]);
    const blank = await post({ title: " " });
    expect(await english(blank.data.error.title)).toEqual(["This field is required"]);
    expect(await incidentsOf(project)).toEqual([]);
    expect(await db.em.count(ActivityLog, { entityType: "safety-incident" })).toBe(0);
  });

  it("judges the future on the project's clock (decision 029)", async () => {
    const project = await createProject(db.em, { language: "EN" });
    const { reporter } = await incidentSite(db.em, project);
    expect(await projectTimeZone(db.em, project)).toBe("UTC");
    // Three hours ahead of UTC is already past on Kiritimati (UTC+14).
    const ahead = wallTime(new Date(Date.now() + 3 * HOUR), "UTC");
    const refused = await callAction(raise, RAISE, { cookie: reporter.cookie, form: basic(ahead) });
    expect(refused.status).toBe(400);
    await setProjectTimeZone(db.em, project, "Pacific/Kiritimati");
    expect(await projectTimeZone(db.em, project)).toBe("Pacific/Kiritimati");
    const raised = await callAction(raise, RAISE, { cookie: reporter.cookie, form: basic(ahead) });
    expect(raised.status).toBe(302);
    const [incident] = await incidentsOf(project);
    // Stored in UTC: the wall time read in Kiritimati is 14 hours earlier than the same wall time in UTC.
    const asUtc = Date.parse(
      `${ahead.occurredDate}T${ahead.occurredHour.padStart(2, "0")}:${ahead.occurredMinute}:00Z`,
    );
    expect(incident.occurredAt.getTime()).toBe(asUtc - 14 * HOUR);
  });

  it("defaults a project's zone by region", async () => {
    const au = await createProject(db.em, { language: "AU" });
    const vi = await createProject(db.em, { language: "VI" });
    expect(await projectTimeZone(db.em, au)).toBe("Australia/Sydney");
    expect(await projectTimeZone(db.em, vi)).toBe("Asia/Ho_Chi_Minh");
  });

  it("numbers incidents per project, names the raiser as reporter, refuses another project's location", async () => {
    const project = await createProject(db.em);
    const { reporter, she } = await incidentSite(db.em, project);
    const other = await createProject(db.em);
    // One fork: db.em is a new one at each use.
    const em = db.em;
    const foreign = em.create(Location, {
      project: other,
      name: "Elsewhere",
      nameKey: "elsewhere",
      path: "/",
    } as never);
    await em.flush();
    expect(await db.em.count(Location, { id: (foreign as { id: string }).id }, { filters: false })).toBe(1);
    const refused = await callAction(raise, RAISE, {
      cookie: reporter.cookie,
      form: basic({ locationId: (foreign as { id: string }).id }),
    });
    expect(await english(refused.data.error.locationId)).toEqual(["This choice is no longer available."]);
    const first = await callAction(raise, RAISE, {
      cookie: reporter.cookie,
      form: basic({ shePersonId: she.user.id }),
    });
    expect(first.location).toMatch(/^\/safety\/ims\/edit\/[0-9a-f-]+\?step=forms$/);
    await callAction(raise, RAISE, { cookie: reporter.cookie, form: basic({ title: "Second" }) });
    const incidents = await incidentsOf(project);
    expect(incidents.map((incident) => [incident.number, incident.status, incident.reporter?.id])).toEqual([
      ["INC-0001", "RAISED", reporter.user.id],
      ["INC-0002", "RAISED", reporter.user.id],
    ]);
    expect(incidents[0].impactAreas).toEqual(["People", "Equipment"]);
  });
});

describe("an incident from raising to closed", () => {
  it("walks every stage by the people whose step it is, raising the corrective actions as Actions", async () => {
    const project = await createProject(db.em);
    const { reporter, she, manager, viewer } = await incidentSite(db.em, project);
    await callAction(raise, RAISE, { cookie: reporter.cookie, form: basic() });
    const [raised] = await incidentsOf(project);
    const id = raised.id;

    // Management forms and a drug test: the member's company is filled in from the project membership.
    const company = await createCompany(db.em, { name: "Lift Co" } as never);
    await db.em.execute("update project_member set company_id = ? where user_id = ? and project_id = ?", [
      company.id,
      she.user.id,
      project.id,
    ]);
    const forms = await callAction(edit, editPath(id, "forms"), {
      cookie: reporter.cookie,
      params: { id },
      form: { intent: "save", hazardReportType: "Near miss", securityPoliceReportNumber: "P-123" },
    });
    expect(forms.location).toBe(editPath(id, "injury"));
    const badBac = await callAction(edit, editPath(id, "forms"), {
      cookie: reporter.cookie,
      params: { id },
      form: { intent: "drug-save", memberId: she.user.id, initialBac: "5" },
    });
    expect(await english(badBac.data.error.initialBac)).toEqual([
      "Enter a BAC reading between 0 and 1 (e.g. 0.050).",
    ]);
    await callAction(edit, editPath(id, "forms"), {
      cookie: reporter.cookie,
      params: { id },
      form: {
        intent: "drug-save",
        memberId: she.user.id,
        initialBac: "0.000",
        drugDetected: "None",
        prescriptionMedication: "on",
      },
    });
    const [test] = await scopeToProject(db.em.fork(), project.id).find(SafetyIncidentDrugTest, {
      incident: id,
    });
    expect([test.memberName, test.company, test.prescriptionMedication]).toEqual([
      "Sam Safety",
      "Lift Co",
      true,
    ]);

    // Injury details, a witness.
    const person = await callAction(edit, editPath(id, "injury"), {
      cookie: reporter.cookie,
      params: { id },
      form: {
        intent: "injured-save",
        fullName: "Tom Rigger",
        classification: "mti",
        bodyPart: "Left shoulder",
        age: "34",
      },
    });
    expect(person.status).toBe(302);
    const witness = await callAction(witnessCreate, `/safety/ims/${id}/witness/create`, {
      cookie: reporter.cookie,
      params: { incidentId: id },
      form: { fullName: "Wendy Watcher", company: "Lift Co", account: "I saw the load swing." },
    });
    expect(witness.status).toBe(302);

    // Submitting needs a SHE person; the viewer may not; the reporter may not evaluate.
    expect(await english((await step(reporter.cookie, id, "submit_incident")).data.error[""])).toEqual([
      "Assign a SHE person before submitting the incident.",
    ]);
    expect((await step(viewer.cookie, id, "submit_incident")).status).toBe(403);
    const reassigned = await callAction(view, viewPath(id), {
      cookie: manager.cookie,
      params: { id },
      form: { intent: "reassign", shePersonId: she.user.id },
    });
    expect(reassigned.status).toBe(302);
    expect((await step(reporter.cookie, id, "submit_incident")).status).toBe(302);
    expect((await step(reporter.cookie, id, "submit_evaluation")).status).toBe(403);
    // The reporter no longer edits once the incident has left RAISED.
    expect(
      (await callLoader(edit, editPath(id, "basic"), { cookie: reporter.cookie, params: { id } })).status,
    ).toBe(403);
    expect((await step(she.cookie, id, "submit_evaluation")).status).toBe(302);

    // The investigation: a root cause is required; the plan's rows become actions at submit.
    expect(await english((await step(she.cookie, id, "submit_investigation")).data.error[""])).toEqual([
      "Write the root cause before submitting the investigation.",
    ]);
    const noResponsible = await callAction(edit, editPath(id, "investigation"), {
      cookie: she.cookie,
      params: { id },
      form: { intent: "save", capDescription: "Retrain riggers", capResponsibleId: "", capDueDate: "" },
    });
    expect(await english(noResponsible.data.error.capResponsibleId)).toEqual([
      "Choose the person responsible for each corrective action.",
    ]);
    const investigation = await callAction(edit, editPath(id, "investigation"), {
      cookie: she.cookie,
      params: { id },
      form: {
        intent: "save",
        eventTime: ["06:40", ""],
        eventDescription: ["Lift planned", ""],
        peepoPeople: "Rigger new to the crew",
        factorGroup: ["HUMAN_FACTORS", ""],
        factorDescription: ["Fatigue after a double shift", ""],
        rootCause: "No tag line on the load",
        capDescription: ["Retrain riggers on tag lines", "Add tag lines to the lift plan", ""],
        capResponsibleId: [reporter.user.id, she.user.id, ""],
        capDueDate: ["2026-12-01", "", ""],
      },
    });
    expect(investigation.status, JSON.stringify(investigation.data)).toBe(302);
    expect((await step(she.cookie, id, "submit_investigation")).status).toBe(302);
    const actions = await scopeToProject(db.em.fork(), project.id).find(
      SafetyAction,
      { sourceType: "incident", sourceId: id },
      { orderBy: { sequence: "asc" }, populate: ["assignee"] },
    );
    expect(
      actions.map((action) => [action.number, action.title, action.assignee?.name, action.status]),
    ).toEqual([
      ["ACT-0001", "Retrain riggers on tag lines", "Rita Reporter", "open"],
      ["ACT-0002", "Add tag lines to the lift plan", "Sam Safety", "open"],
    ]);
    // Who heard of what (the incidentNotifications defaults): the managers of the raising, the SHE person of
    // the re-assignment and the reporter's submission, the reporter of each later step and of the plan's action.
    const titles = async (userId: string, event: string) =>
      (await notificationsOf(db.em, userId, event)).map((notification) => notification.title);
    expect(await titles(manager.user.id, "incident-raised")).toEqual(["INC-0001 raised"]);
    expect(await titles(she.user.id, "incident-reassigned")).toHaveLength(1);
    expect(await titles(she.user.id, "incident-step")).toEqual(["INC-0001: Evaluation by SHE personnel"]);
    expect(await titles(reporter.user.id, "incident-step")).toEqual([
      "INC-0001: Investigation",
      "INC-0001: Sign-off",
    ]);
    expect(await titles(reporter.user.id, "action-assigned")).toHaveLength(1);

    // Sign-off, then the manager closes; closing locks.
    expect(await english((await step(manager.cookie, id, "close")).data.error[""])).toEqual([
      "Complete the sign-off (completed by, reviewed by, reviewer role, signature and date) before closing.",
    ]);
    await callAction(edit, editPath(id, "signoff"), {
      cookie: she.cookie,
      params: { id },
      form: {
        intent: "save",
        reportCompletedById: she.user.id,
        reviewedById: manager.user.id,
        reviewerRole: "hsse_manager",
        signatureTypedName: "Hana Harris",
        signedOn: "2026-11-20",
      },
    });
    expect((await step(she.cookie, id, "close")).status).toBe(403);
    expect((await step(manager.cookie, id, "close")).status).toBe(302);
    const closed = (await incidentsOf(project))[0] as ISafetyIncident;
    expect([closed.status, closed.locked, closed.signature]).toEqual(["CLOSED", true, "typed:Hana Harris"]);
    expect(await notificationsOf(db.em, reporter.user.id, "incident-closed")).toHaveLength(1);

    // The view shows the plan's actions; a locked incident refuses edits; unlocking a closed one needs unlock-incident.
    const page = await callLoader(view, viewPath(id), { cookie: manager.cookie, params: { id } });
    expect(
      page.data.detail.investigation.plan.map((row: { action: { number: string } }) => row.action.number),
    ).toEqual(["ACT-0001", "ACT-0002"]);
    expect(page.data.detail.sections).toEqual([]);
    const lockedEdit = await callAction(edit, editPath(id, "basic"), {
      cookie: manager.cookie,
      params: { id },
      form: basic(),
    });
    expect(lockedEdit.status).toBe(409);
    expect(
      (
        await callAction(view, viewPath(id), {
          cookie: she.cookie,
          params: { id },
          form: { intent: "unlock" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await callAction(view, viewPath(id), {
          cookie: manager.cookie,
          params: { id },
          form: { intent: "unlock" },
        })
      ).status,
    ).toBe(302);
    const log = await db.em
      .fork()
      .find(ActivityLog, { entityType: "safety-incident", entityId: id }, { orderBy: { createdAt: "asc" } });
    expect(log.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        "created",
        "drug-test-added",
        "injured-person-added",
        "witness-added",
        "reassigned",
        "status-changed",
        "unlocked",
      ]),
    );
  });

  it("deletes a raised incident only with 'I am sure', by its reporter or a manager", async () => {
    const project = await createProject(db.em);
    const { reporter, she } = await incidentSite(db.em, project);
    await callAction(raise, RAISE, { cookie: reporter.cookie, form: basic() });
    const [incident] = await incidentsOf(project);
    expect((await step(she.cookie, incident.id, "delete", { confirmed: "on" })).status).toBe(403);
    expect(await english((await step(reporter.cookie, incident.id, "delete")).data.error[""])).toEqual([
      "Tick “I am sure” to go on.",
    ]);
    expect((await step(reporter.cookie, incident.id, "delete", { confirmed: "on" })).status).toBe(302);
    expect(await incidentsOf(project)).toEqual([]);
  });
});

describe("the incident register", () => {
  it("lists My Incidents and All Incidents, searches by number or reporter, filters by status and impact area", async () => {
    const project = await createProject(db.em);
    const { reporter, she, manager } = await incidentSite(db.em, project);
    await callAction(raise, RAISE, {
      cookie: reporter.cookie,
      form: basic({ title: "Fall from ladder", impactAreas: ["People"] }),
    });
    await callAction(raise, RAISE, {
      cookie: manager.cookie,
      form: basic({ title: "Diesel spill", impactAreas: ["Environments"], shePersonId: she.user.id }),
    });
    const list = async (cookie: string, query: string) =>
      (await callLoader(register, `/safety/ims?${query}`, { cookie })).data.register.rows.map(
        (row: { number: string }) => row.number,
      );
    expect(await list(reporter.cookie, "view=MY_INCIDENTS")).toEqual(["INC-0001"]);
    expect(await list(she.cookie, "view=MY_INCIDENTS")).toEqual(["INC-0002"]);
    expect(await list(reporter.cookie, "view=ALL_INCIDENTS")).toEqual(["INC-0002", "INC-0001"]);
    expect(await list(reporter.cookie, "view=ALL_INCIDENTS&q=inc-0002")).toEqual(["INC-0002"]);
    expect(await list(reporter.cookie, "view=ALL_INCIDENTS&q=hana")).toEqual(["INC-0002"]);
    expect(await list(reporter.cookie, "view=ALL_INCIDENTS&impact=Environments")).toEqual(["INC-0002"]);
    expect(await list(reporter.cookie, "view=ALL_INCIDENTS&status=CLOSED")).toEqual([]);
    // The spec's deep link: ?incidentId= (an id or a number) opens that incident; another project's does not.
    const [first] = await incidentsOf(project);
    const linked = await callLoader(register, "/safety/ims?view=ALL_INCIDENTS&incidentId=inc-0001", {
      cookie: reporter.cookie,
    });
    expect(linked.location).toBe(`/safety/ims/view/${first.id}`);
    const byId = await callLoader(register, `/safety/ims?incidentId=${first.id}`, {
      cookie: reporter.cookie,
    });
    expect(byId.location).toBe(`/safety/ims/view/${first.id}`);
    const unknown = await callLoader(register, "/safety/ims?incidentId=INC-9999", {
      cookie: reporter.cookie,
    });
    expect(unknown.status).toBe(200);
    const today = wallTime(new Date(), "UTC").occurredDate;
    expect(await list(reporter.cookie, `view=ALL_INCIDENTS&from=${today}&to=${today}`)).toHaveLength(
      wallTime(new Date(Date.now() - 2 * HOUR), "UTC").occurredDate === today ? 2 : 0,
    );
  });
});

describe("the incident reference lists", () => {
  it("gives a project the construction defaults once, then adds, renames and archives; refuses duplicates", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await incidentSite(db.em, project);
    const page = await callLoader(referenceLists, "/safety/setting/reference-lists", {
      cookie: manager.cookie,
    });
    expect(page.status, String(page.location)).toBe(200);
    expect(page.data.lists.DRUG_DETECTED.map((item: { label: string }) => item.label)).toContain("Alcohol");
    expect(page.data.canChange).toBe(true);
    const count = await scopeToProject(db.em.fork(), project.id).count(SafetyIncidentReferenceItem, {});
    await callLoader(referenceLists, "/safety/setting/reference-lists", { cookie: manager.cookie });
    expect(await scopeToProject(db.em.fork(), project.id).count(SafetyIncidentReferenceItem, {})).toBe(count);

    const post = (form: Record<string, string>, cookie = manager.cookie) =>
      callAction(referenceLists, "/safety/setting/reference-lists", { cookie, form });
    expect((await post({ intent: "add", category: "DRUG_DETECTED", label: "Methadone" })).status).toBe(302);
    const duplicate = await post({ intent: "add", category: "DRUG_DETECTED", label: " methadone " });
    expect(await english(duplicate.data.error.label)).toEqual(["This list already has that item."]);
    // The viewer may not open the lists at all (view-settings): the guard sends them to /forbidden.
    expect(
      (await post({ intent: "add", category: "DRUG_DETECTED", label: "Ketamine" }, viewer.cookie)).location,
    ).toBe("/forbidden");
    const item = await scopeToProject(db.em.fork(), project.id).findOneOrFail(SafetyIncidentReferenceItem, {
      project: project.id,
      label: "Methadone",
    });
    await post({ intent: "rename", itemId: item.id, label: "Methadone (opioid)" });
    await post({ intent: "archive", itemId: item.id });
    const after = await scopeToProject(db.em.fork(), project.id).findOneOrFail(SafetyIncidentReferenceItem, {
      id: item.id,
    });
    expect([after.label, after.archived]).toEqual(["Methadone (opioid)", true]);
  });
});

describe("an injured person's photos and videos", () => {
  it("are uploaded by whoever may change the injury details, seen by the viewers, removed with a log entry", async () => {
    const project = await createProject(db.em);
    const { reporter, viewer } = await incidentSite(db.em, project);
    await callAction(raise, RAISE, { cookie: reporter.cookie, form: basic() });
    const [incident] = await incidentsOf(project);
    const id = incident.id;
    await callAction(edit, editPath(id, "injury"), {
      cookie: reporter.cookie,
      params: { id },
      form: { intent: "injured-save", fullName: "Tom Rigger", classification: "first_aid" },
    });
    const page = await callLoader(view, viewPath(id), { cookie: reporter.cookie, params: { id } });
    const personId = page.data.detail.injured[0].id as string;
    const upload = (cookie: string) => {
      const form = new FormData();
      form.append(
        "files",
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "hand.png", { type: "image/png" }),
      );
      return callAction(injuredFiles, `/safety/ims/${id}/injured/${personId}/files`, {
        cookie,
        params: { incidentId: id, personId },
        multipart: form,
      });
    };
    const refused = await upload(viewer.cookie);
    expect(refused.location).toBe("/forbidden");
    const added = await upload(reporter.cookie);
    expect(added.location).toBe(`${editPath(id, "injury")}#injured`);
    const after = await callLoader(view, viewPath(id), { cookie: viewer.cookie, params: { id } });
    const [file] = after.data.detail.injured[0].files;
    expect(file).toMatchObject({ fileName: "hand.png", kind: "image" });
    const download = await callLoader(incidentFile, `/safety/ims/${id}/files/${file.id}`, {
      cookie: viewer.cookie,
      params: { incidentId: id, fileId: file.id },
    });
    expect(download.status).toBe(200);
    await callAction(edit, editPath(id, "injury"), {
      cookie: reporter.cookie,
      params: { id },
      form: { intent: "file-delete", fileId: file.id },
    });
    const gone = await callLoader(view, viewPath(id), { cookie: viewer.cookie, params: { id } });
    expect(gone.data.detail.injured[0].files).toEqual([]);
    expect(
      await db.em.count(
        ActivityLog,
        { entityType: "safety-incident-injured-person", entityId: personId },
        { filters: false },
      ),
    ).toBe(2);
  });
});

describe("the incident register's location filter", () => {
  it("is searched, not listed: a chosen location covers what is below it, a typed text is resolved", async () => {
    const project = await createProject(db.em);
    const { reporter } = await incidentSite(db.em, project);
    const em = db.em;
    const place = (name: string, parent?: { id: string; path: string }) => {
      const location = em.create(Location, {
        project,
        parent: parent?.id ?? null,
        name,
        nameKey: name.toLowerCase(),
        path: childPath(parent ?? null),
      } as never) as unknown as { id: string; path: string };
      return location;
    };
    const pier = place("Pier 2");
    await em.flush();
    const pileCap = place("Pile cap", pier);
    const abutment = place("Abutment A");
    await em.flush();
    for (const [title, locationId] of [
      ["Fall at the pile cap", pileCap.id],
      ["Cut at the abutment", abutment.id],
    ])
      await callAction(raise, RAISE, { cookie: reporter.cookie, form: basic({ title, locationId }) });
    const open = (query: string) =>
      callLoader(register, `/safety/ims?view=ALL_INCIDENTS&${query}`, { cookie: reporter.cookie });
    const numbers = async (query: string) =>
      (await open(query)).data.register.rows.map((row: { number: string; location: string }) => [
        row.number,
        row.location,
      ]);

    // The page names the chosen locations only, never the project's whole tree.
    const page = await open(`location=${pier.id}`);
    expect(page.data.register.chosenLocations).toEqual([{ value: pier.id, label: "Pier 2" }]);
    expect(await numbers(`location=${pier.id}`)).toEqual([["INC-0001", "Pier 2 › Pile cap"]]);
    expect(await numbers(`location=${pier.id}&location=${abutment.id}`)).toHaveLength(2);

    // Without JavaScript the typed text becomes the locations the picker would have offered.
    const typed = await open("locationSearch=pile");
    expect(typed.location).toBe(`/safety/ims?view=ALL_INCIDENTS&location=${pileCap.id}`);
    const unmatched = await open("locationSearch=tunnel");
    expect([unmatched.status, unmatched.data.unmatchedLocation]).toEqual([200, "tunnel"]);

    // The picker's suggestions, for a text.
    const suggested = await callLoader(filterValues, "/safety/ims/filter-values?q=pier", {
      cookie: reporter.cookie,
    });
    expect(suggested.data, JSON.stringify(suggested)).toMatchObject({
      choices: [
        { value: pier.id, label: "Pier 2" },
        { value: pileCap.id, label: "Pier 2 › Pile cap" },
      ],
    });
  });
});
