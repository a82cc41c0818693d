import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { Roster, RosterPerson, RosterShift, RosterTicket } from "../entities";
import * as templates from "../routes/rostering-templates";
import { templateWorkbook } from "../server/template-workbook.server";

const db = setupTestDatabase();
const path = (kind: string) => `/rostering/rostering/templates/${kind}`;

async function site() {
  const project = await createProject(db.em);
  const planner = await signedInMember(db.em, project, ["rostering.roster.view", "rostering.roster.create"], {
    name: "Pat Planner",
  });
  const viewer = await signedInMember(db.em, project, ["rostering.roster.view"], { name: "Vic Viewer" });
  return { project, planner, viewer };
}

async function upload(cookie: string, kind: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("file", new Blob([new Uint8Array(bytes)]), `${kind}.xlsx`);
  return callAction(templates, path(kind), { cookie, params: { kind }, multipart: form });
}

const english = async () => {
  const t = await serverT("en", "rostering");
  return (key: string, options?: Record<string, unknown>) => t(key, options);
};

describe("template import through the page", () => {
  it("refuses a personnel workbook with a bad row, naming it, and writes nothing; imports a good one whole", async () => {
    const { planner, viewer } = await site();
    const t = await english();
    const bad = await templateWorkbook("PersonnelTemplate", t, [
      [
        "Hana Rigger",
        "hana@crew.test",
        "",
        "Rigger",
        "",
        "Newcastle",
        "White Card; Working at Heights: 2027-03-01",
      ],
      ["", "nobody@crew.test", "", "Rigger", "", "", ""],
    ]);
    const refused = await upload(planner.cookie, "PersonnelTemplate", bad);
    expect(refused.status).toBe(400);
    const rostering = await serverT("en", "rostering");
    expect(refused.data.error.file.map((text: string) => translateMessage(rostering as never, text))).toEqual(
      ["Row 3: Full name is required"],
    );
    expect(await db.em.fork().count(RosterPerson, {})).toBe(0);

    const good = await templateWorkbook("PersonnelTemplate", t, [
      [
        "Hana Rigger",
        "hana@crew.test",
        "",
        "Rigger",
        "",
        "Newcastle",
        "White Card; Working at Heights: 2027-03-01",
      ],
      ["Ben Concreter", "", "", "Concreter", "", "", ""],
    ]);
    expect((await upload(viewer.cookie, "PersonnelTemplate", good)).status).toBe(403);
    const imported = await upload(planner.cookie, "PersonnelTemplate", good);
    expect(imported.status).toBe(302);
    const hana = await db.em.fork().findOneOrFail(RosterPerson, { email: "hana@crew.test" });
    const tickets = await db.em.fork().find(RosterTicket, { person: hana.id }, { orderBy: { name: "asc" } });
    expect(tickets.map((ticket) => [ticket.name, ticket.expiresOn ?? null])).toEqual([
      ["White Card", null],
      ["Working at Heights", "2027-03-01"],
    ]);
    expect(await db.em.fork().count(RosterPerson, {})).toBe(2);
  });

  it("makes a draft roster of a roster workbook, and exports the project's shifts back", async () => {
    const { project, planner } = await site();
    const em = db.em.fork();
    em.create(RosterPerson, { fullName: "Ana Rigger", email: "ana@crew.test", role: "Rigger" } as never);
    await em.flush();
    const t = await english();
    const workbook = await templateWorkbook("RosterTemplate", t, [
      ["ana@crew.test", "2026-12-01", "Day", ""],
      ["ana@crew.test", "2026-12-02", "Night", ""],
    ]);
    const unnamed = await upload(planner.cookie, "RosterTemplate", workbook);
    expect(unnamed.status).toBe(400);
    const imported = await upload(planner.cookie, "RosterTemplate", workbook, {
      rosterName: "Imported December",
    });
    expect(imported.status).toBe(302);
    const scoped = scopeToProject(db.em.fork(), project.id);
    const roster = await scoped.findOneOrFail(Roster, { name: "Imported December" });
    expect([roster.status, roster.startsOn, roster.endsOn]).toEqual(["draft", "2026-12-01", "2026-12-02"]);
    const shifts = await scoped.find(RosterShift, { roster: roster.id }, { orderBy: { date: "asc" } });
    expect(shifts.map((shift) => [shift.date, shift.kind])).toEqual([
      ["2026-12-01", "day"],
      ["2026-12-02", "night"],
    ]);
    const exported = await callLoader(templates, `${path("RosterTemplate")}?mode=export`, {
      cookie: planner.cookie,
      params: { kind: "RosterTemplate" },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("Content-Type")).toContain("spreadsheetml");
    const unknown = await callLoader(templates, path("ShiftTemplate"), {
      cookie: planner.cookie,
      params: { kind: "ShiftTemplate" },
    });
    expect(unknown.status).toBe(404);
  });
});
