import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { PERMIT_VALIDITIES, permitValidity } from "../domain/permit-workflow";
import { SafetyPermit, SafetyPermitSignature } from "../entities";
import * as permitCreate from "../routes/permit-create";
import * as permitDetail from "../routes/permit-detail";
import * as permitEdit from "../routes/permit-edit";
import * as permitRegister from "../routes/permit-register";
import { loadPermitRegister, projectPermitChoices } from "../server/permit-register.server";
import { makePermit, permitSite, permitsOf } from "./permit-fixtures";

const db = setupTestDatabase();
const CREATE = "/safety/permits/create";
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "safety");
  return (messages ?? []).map((text) => translateMessage(t as never, text));
}

const form = (issuerId: string, receiverId: string, extra: Record<string, string> = {}) => ({
  type: "hot_work",
  title: "Welding handrail brackets, span 2 east",
  issuerId,
  receiverId,
  fromDate: "2026-12-01",
  fromTime: "07:00",
  toDate: "2026-12-01",
  toTime: "17:00",
  conditions: "Fire watch 30 minutes after the last weld.",
  ...extra,
});

const step = (cookie: string, id: string, action: string, extra: Record<string, string> = {}) =>
  callAction(permitDetail, `/safety/permits/details/${id}`, {
    cookie,
    params: { id },
    form: { intent: "transition", action, ...extra },
  });

const answerAll = (cookie: string, id: string, keys: string[], answer = "yes") =>
  callAction(permitDetail, `/safety/permits/details/${id}`, {
    cookie,
    params: { id },
    form: { intent: "checklist", ...Object.fromEntries(keys.map((key) => [`answers.${key}`, answer])) },
  });

describe("preparing a permit to work", () => {
  it("refuses a bad form and writes nothing: blank work, an end before the start, strangers", async () => {
    const project = await createProject(db.em);
    const { engineer, issuer } = await permitSite(db.em, project);
    const other = await createProject(db.em);
    const stranger = await permitSite(db.em, other);
    const refused = await callAction(permitCreate, CREATE, {
      cookie: engineer.cookie,
      form: form(stranger.issuer.user.id, engineer.user.id, { title: " ", toTime: "06:00" }),
    });
    expect(refused.status).toBe(400);
    expect(await english(refused.data.error.title)).toEqual(["This field is required"]);
    expect(await english(refused.data.error.toTime)).toEqual(["The permit must end after it starts."]);
    const foreign = await callAction(permitCreate, CREATE, {
      cookie: engineer.cookie,
      form: form(stranger.issuer.user.id, issuer.user.id),
    });
    expect(await english(foreign.data.error.issuerId)).toEqual(["This choice is no longer available."]);
    const tooLong = await callAction(permitCreate, CREATE, {
      cookie: engineer.cookie,
      form: form(issuer.user.id, engineer.user.id, { toDate: "2027-01-05" }),
    });
    expect(await english(tooLong.data.error.toDate)).toEqual(["A permit runs for at most 31 days."]);
    const badTime = await callAction(permitCreate, CREATE, {
      cookie: engineer.cookie,
      form: form(issuer.user.id, engineer.user.id, { fromTime: "25:00" }),
    });
    expect(await english(badTime.data.error.fromTime)).toEqual([
      "Enter a time as HH:mm, from 00:00 to 23:59",
    ]);
    expect(await permitsOf(db.em, project)).toEqual([]);
    expect(await db.em.count(ActivityLog, { entityType: "safety-permit" })).toBe(0);
  });

  it("numbers it PTW-0001, reads its period on the project's clock and gives it its type's checklist", async () => {
    // An Australian project: Sydney time (decision 029), UTC+11 in December.
    const project = await createProject(db.em, { language: "AU" });
    const { engineer, issuer } = await permitSite(db.em, project);
    const created = await callAction(permitCreate, CREATE, {
      cookie: engineer.cookie,
      form: form(issuer.user.id, engineer.user.id),
    });
    expect(created.status).toBe(302);
    const [permit] = await permitsOf(db.em, project);
    expect(created.location).toBe(`/safety/permits/details/${permit.id}`);
    expect(permit).toMatchObject({ number: "PTW-0001", status: "IN_PROGRESS", type: "hot_work" });
    expect(permit.validFrom.toISOString()).toBe("2026-11-30T20:00:00.000Z");
    expect(permit.validTo.toISOString()).toBe("2026-12-01T06:00:00.000Z");
    expect(permit.checklist[0]).toEqual({ key: "combustibles_removed", answer: null });
    const page = await callLoader(permitDetail, `/safety/permits/details/${permit.id}`, {
      cookie: engineer.cookie,
      params: { id: permit.id },
    });
    expect(page.data.permit).toMatchObject({ timeZone: "Australia/Sydney", number: "PTW-0001" });
    expect(page.data.permit.steps.map((row: { action: string }) => row.action)).toEqual(["submit"]);
    expect(page.data.canAnswer).toBe(true);
    // The edit form shows the period as it was typed.
    const edit = await callLoader(permitEdit, `/safety/permits/details/${permit.id}/edit`, {
      cookie: engineer.cookie,
      params: { id: permit.id },
    });
    expect(edit.data.values).toMatchObject({ fromDate: "2026-12-01", fromTime: "07:00", toTime: "17:00" });
    expect(await db.em.count(ActivityLog, { entityType: "safety-permit", action: "created" })).toBe(1);
  });

  it("edits it while prepared; a new type brings its checklist and keeps the shared answers", async () => {
    const project = await createProject(db.em);
    const { engineer, issuer } = await permitSite(db.em, project);
    await callAction(permitCreate, CREATE, {
      cookie: engineer.cookie,
      form: form(issuer.user.id, engineer.user.id),
    });
    const [permit] = await permitsOf(db.em, project);
    await answerAll(engineer.cookie, permit.id, ["ppe", "fire_watch"]);
    const saved = await callAction(permitEdit, `/safety/permits/details/${permit.id}/edit`, {
      cookie: engineer.cookie,
      params: { id: permit.id },
      form: form(issuer.user.id, engineer.user.id, { type: "general" }),
    });
    expect(saved.status).toBe(302);
    const edited = await db.em.fork().findOneOrFail(SafetyPermit, permit.id, { filters: false });
    expect(edited.type).toBe("general");
    expect(edited.checklist.map((item) => [item.key, item.answer])).toEqual([
      ["area_barricaded", null],
      ["ppe", "yes"],
      ["workers_briefed", null],
      ["emergency_plan", null],
    ]);
    const entry = await db.em.findOneOrFail(ActivityLog, { entityType: "safety-permit", action: "updated" });
    expect(entry.after).toEqual({ type: "general" });
  });
});

describe("the permit's workflow", () => {
  it("is submitted once its checklist is answered, approved with a signature (ACTIVE), closed signed and archived", async () => {
    const project = await createProject(db.em);
    const { engineer, issuer, manager } = await permitSite(db.em, project);
    const permit = await makePermit(db.em, project, {
      number: "PTW-0001",
      createdBy: engineer.user,
      receiver: engineer.user,
      issuer: issuer.user,
    });
    const keys = permit.checklist.map((item) => item.key);

    const early = await step(engineer.cookie, permit.id, "submit");
    expect(early.status).toBe(409);
    expect(await english(early.data.error[""])).toEqual([
      "Answer every checklist item first: 8 are not answered.",
    ]);
    expect((await answerAll(engineer.cookie, permit.id, keys)).status).toBe(302);
    expect((await step(engineer.cookie, permit.id, "submit")).status).toBe(302);

    // The engineer is not its issuer; the issuer must sign.
    expect((await step(engineer.cookie, permit.id, "approve", { signatureTypedName: "Erin" })).status).toBe(
      403,
    );
    const unsigned = await step(issuer.cookie, permit.id, "approve");
    expect(unsigned.status).toBe(400);
    expect(await english(unsigned.data.error.signature)).toEqual([
      "Sign: draw your signature or type your name.",
    ]);
    expect(await db.em.count(SafetyPermitSignature, {}, { filters: false })).toBe(0);
    const approved = await step(issuer.cookie, permit.id, "approve", { signatureTypedName: "Ian Issuer" });
    expect(approved.status).toBe(302);

    const closed = await step(engineer.cookie, permit.id, "close", {
      signature: PNG,
      comment: "Handed back",
    });
    expect(closed.status).toBe(302);
    expect((await step(engineer.cookie, permit.id, "archive")).status).toBe(403);
    expect((await step(manager.cookie, permit.id, "archive")).status).toBe(302);

    const stored = await db.em.fork().findOneOrFail(SafetyPermit, permit.id, { filters: false });
    expect(stored.status).toBe("ARCHIVED");
    expect(stored.approvedAt).not.toBeNull();
    const signatures = await db.em.find(
      SafetyPermitSignature,
      {},
      { filters: false, orderBy: { signedAt: "asc" } },
    );
    expect(signatures.map((s) => [s.step, s.signedName, s.signature === null])).toEqual([
      ["approve", "Ian Issuer", true],
      ["close", "Erin Engineer", false],
    ]);
    const log = await db.em.find(
      ActivityLog,
      { entityType: "safety-permit", entityId: permit.id },
      { orderBy: { createdAt: "asc" } },
    );
    expect(log.map((entry) => [entry.action, (entry.after as { status?: string }).status])).toEqual([
      ["checklist-updated", undefined],
      ["status-changed", "IN_REVIEW"],
      ["status-changed", "ACTIVE"],
      ["status-changed", "CLOSED"],
      ["status-changed", "ARCHIVED"],
    ]);
    expect((log[2].after as { signedBy: string }).signedBy).toBe("Ian Issuer");
  });

  it("refuses to approve with a No answered or after the period ended; returns it with a reason", async () => {
    const project = await createProject(db.em);
    const { engineer, issuer } = await permitSite(db.em, project);
    const answered = (answer: "yes" | "no") =>
      makePermit(db.em, project, {
        number: answer === "no" ? "PTW-0001" : "PTW-0002",
        status: "IN_REVIEW",
        createdBy: engineer.user,
        issuer: issuer.user,
        ...(answer === "yes"
          ? { validFrom: new Date(Date.now() - 7_200_000), validTo: new Date(Date.now() - 1) }
          : {}),
        checklist: [
          { key: "ppe", answer },
          { key: "fire_watch", answer: "yes" },
        ],
      });
    const withNo = await answered("no");
    const ended = await answered("yes");
    const no = await step(issuer.cookie, withNo.id, "approve", { signatureTypedName: "Ian" });
    expect(no.status).toBe(409);
    expect(await english(no.data.error[""])).toEqual([
      "1 checklist item is answered No: put it right and return the permit, or answer it again.",
    ]);
    const late = await step(issuer.cookie, ended.id, "approve", { signatureTypedName: "Ian" });
    expect(await english(late.data.error[""])).toEqual([
      "The permit's period has ended: return it to change the period.",
    ]);
    const reasonless = await step(issuer.cookie, withNo.id, "return");
    expect(await english(reasonless.data.error.comment)).toEqual(["Give a reason for this step."]);
    expect((await step(issuer.cookie, withNo.id, "return", { comment: "Fix the fire watch" })).status).toBe(
      302,
    );
    const states = (await permitsOf(db.em.fork(), project)).map((permit) => permit.status);
    expect(states).toEqual(["IN_PROGRESS", "IN_REVIEW"]);
    expect(await db.em.count(SafetyPermitSignature, {}, { filters: false })).toBe(0);
  });

  it("lets only the right people touch it: a viewer posts nothing, the checklist closes once submitted", async () => {
    const project = await createProject(db.em);
    const { engineer, viewer, manager } = await permitSite(db.em, project);
    const permit = await makePermit(db.em, project, { number: "PTW-0001", createdBy: engineer.user });
    expect((await step(viewer.cookie, permit.id, "submit")).status).toBe(403);
    expect((await answerAll(viewer.cookie, permit.id, ["ppe"])).status).toBe(403);
    const edit = await callLoader(permitEdit, `/safety/permits/details/${permit.id}/edit`, {
      cookie: viewer.cookie,
      params: { id: permit.id },
    });
    // Without edit, the guard sends the viewer to the forbidden page.
    expect(edit.location).toBe("/forbidden");
    await db.em.nativeUpdate(SafetyPermit, { id: permit.id }, { status: "IN_REVIEW" }, { filters: false });
    expect((await answerAll(manager.cookie, permit.id, ["ppe"])).status).toBe(403);
    // Deleting a permit being prepared: its creator or a manager, with "I am sure".
    await db.em.nativeUpdate(SafetyPermit, { id: permit.id }, { status: "IN_PROGRESS" }, { filters: false });
    const unsure = await step(manager.cookie, permit.id, "delete");
    expect(await english(unsure.data.error.confirmed)).toEqual(['Tick "I am sure" to go on.']);
    const deleted = await step(manager.cookie, permit.id, "delete", { confirmed: "true" });
    expect(deleted.location).toBe("/safety/permits");
    expect(await permitsOf(db.em.fork(), project)).toEqual([]);
  });
});

describe("the permits register", () => {
  it("filters on validity exactly as the domain computes it, around the period's edges", async () => {
    const project = await createProject(db.em);
    const { engineer } = await permitSite(db.em, project);
    const now = new Date("2026-11-26T03:00:00.000Z");
    const at = (ms: number) => new Date(now.getTime() + ms);
    const cases = [
      { status: "ACTIVE", validFrom: now, validTo: at(1) }, // starts now: active
      { status: "ACTIVE", validFrom: at(1), validTo: at(3_600_000) }, // starts in a millisecond: inactive
      { status: "ACTIVE", validFrom: at(-3_600_000), validTo: now }, // ends now: expired
      { status: "ACTIVE", validFrom: at(-3_600_000), validTo: at(1) }, // ends in a millisecond: active
      { status: "IN_REVIEW", validFrom: at(-1), validTo: at(3_600_000) }, // not approved: inactive
      { status: "CLOSED", validFrom: at(-7_200_000), validTo: at(-1) }, // closed, ended: expired
      { status: "CLOSED", validFrom: at(-7_200_000), validTo: at(3_600_000) }, // closed early: inactive
    ] as const;
    for (const [index, values] of cases.entries())
      await makePermit(db.em, project, { number: `PTW-${String(index + 1).padStart(4, "0")}`, ...values });
    const context = { em: db.em, project, user: engineer.user } as unknown as ProjectContext;
    const expected = cases.map((values) =>
      permitValidity(values.status, values.validFrom, values.validTo, now),
    );
    expect(expected).toEqual(["active", "inactive", "expired", "active", "inactive", "expired", "inactive"]);
    for (const validity of PERMIT_VALIDITIES) {
      const page = await loadPermitRegister(
        context,
        new URL(`http://x/safety/permits?validity=${validity}&sort=number&dir=asc`),
        now,
      );
      expect(
        page.rows.map((row) => row.number),
        validity,
      ).toEqual(
        cases.flatMap((_, index) =>
          expected[index] === validity ? [`PTW-${String(index + 1).padStart(4, "0")}`] : [],
        ),
      );
      expect(page.rows.every((row) => row.validity === validity)).toBe(true);
    }
  });

  it("searches, filters by state and type, pages in the URL; lists a project's permits for a talk", async () => {
    const project = await createProject(db.em);
    const { engineer, viewer } = await permitSite(db.em, project);
    for (let n = 1; n <= 12; n += 1)
      await makePermit(db.em, project, {
        number: `PTW-${String(n).padStart(4, "0")}`,
        type: n % 2 ? "excavation" : "hot_work",
        title: n === 7 ? "Trench at abutment A" : `Work ${n}`,
        status: n === 12 ? "ARCHIVED" : "IN_PROGRESS",
        createdBy: engineer.user,
      });
    const page = (search: string) =>
      callLoader(permitRegister, `/safety/permits${search}`, { cookie: viewer.cookie });
    const first = await page("");
    expect(first.data.register.total).toBe(12);
    expect(first.data.register.rows).toHaveLength(10);
    expect(first.data.register.rows[0].number).toBe("PTW-0012");
    expect(first.data.canCreate).toBe(false);
    expect((await page("?page=2")).data.register.rows.map((row: { number: string }) => row.number)).toEqual([
      "PTW-0002",
      "PTW-0001",
    ]);
    expect(
      (await page("?q=abutment")).data.register.rows.map((row: { number: string }) => row.number),
    ).toEqual(["PTW-0007"]);
    expect((await page("?type=hot_work")).data.register.total).toBe(6);
    expect((await page("?status=ARCHIVED")).data.register.total).toBe(1);
    const choices = await projectPermitChoices(db.em, project.id);
    expect(choices).toHaveLength(11);
    expect(choices[0]).toMatchObject({ number: "PTW-0011", type: "excavation", validity: "inactive" });
  });
});
