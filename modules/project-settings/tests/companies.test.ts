import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, Company, type IProject, type IUser, Project } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { addMember, createCompany, createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import * as companyList from "../routes/company";
import * as companyDetail from "../routes/company.detail";

const db = setupTestDatabase();
const LIST = "/project-settings/company";

/** The English text of a field's messages, as the page shows them. */
async function english(messages: string[] | undefined) {
  const t = await serverT("en");
  return messages?.map((message) => translateMessage(t as any, message));
}

const memberWith = (project: IProject, grantedActions: string[], user?: IUser) =>
  signedInMember(db.em, project, grantedActions, user);

const ALL = [
  "project-settings.company.view",
  "project-settings.company.create",
  "project-settings.company.edit",
  "project-settings.company.delete",
];

describe("project company list", () => {
  it("lists the project's own company and its members' companies, with members counted here", async () => {
    const own = await createCompany(db.em, { name: "Harbour Civil", trade: "Civil works" });
    const project = await createProject(db.em, { company: own });
    const other = await createProject(db.em);
    const sub = await createCompany(db.em, {
      name: "Sparky Electrical",
      trade: "Electrical",
      status: "IN_REVIEW",
    });
    await createCompany(db.em, { name: "Unrelated Paving" });
    const worker = await createUser(db.em);
    await addMember(db.em, { project, user: worker, company: sub });
    await addMember(db.em, { project: other, user: await createUser(db.em), company: sub });
    const { cookie } = await memberWith(project, ["project-settings.company.view"]);

    const result = await callLoader(companyList, LIST, { cookie });
    expect(result.status).toBe(200);
    expect(result.data.canCreate).toBe(false);
    expect(result.data.list.rows.map((row: any) => [row.name, row.membersCount])).toEqual([
      ["Harbour Civil", 0],
      ["Sparky Electrical", 1],
    ]);
    const search = await callLoader(companyList, `${LIST}?q=electr`, { cookie });
    expect(search.data.list.rows.map((row: any) => row.name)).toEqual(["Sparky Electrical"]);
    const filtered = await callLoader(companyList, `${LIST}?status=IN_PROGRESS`, { cookie });
    expect(filtered.data.list.rows.map((row: any) => row.name)).toEqual(["Harbour Civil"]);
  });

  it("sends a member without the view permission to /forbidden", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, []);
    const result = await callLoader(companyList, LIST, { cookie });
    expect(result.location).toBe("/forbidden");
  });
});

describe("adding a company from the project", () => {
  it("creates a product-wide company, logs it in this project and opens it", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await memberWith(project, ALL);
    const result = await callAction(companyList, LIST, {
      cookie,
      form: {
        intent: "create",
        name: "  Tunnel   Boring Co ",
        phone: "+61 2 9000 0000",
        country: "Australia",
      },
    });
    const company = await db.em.findOneOrFail(Company, { name: "Tunnel Boring Co" });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`${LIST}/${company.id}`);
    expect(company).toMatchObject({ phone: "+61 2 9000 0000", country: "Australia", status: "IN_PROGRESS" });
    const [entry] = await db.em.find(ActivityLog, { entityType: "company", entityId: company.id });
    expect(entry).toMatchObject({ action: "created", project: { id: project.id }, actor: { id: user.id } });
    expect(entry.after).toMatchObject({ name: "Tunnel Boring Co", country: "Australia" });
  });

  it("shows each validation message and stores nothing", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, ALL);
    await createCompany(db.em, { name: "Harbour Civil" });
    const post = (form: Record<string, string>) =>
      callAction(companyList, LIST, { cookie, form: { intent: "create", ...form } });

    const empty = await post({ name: "" });
    expect(empty.status).toBe(400);
    expect(await english(empty.data.error.name)).toEqual(["This field is required"]);
    const long = await post({ name: "n".repeat(201), taxId: "1".repeat(51) });
    expect(await english(long.data.error.name)).toEqual(["Maximum 200 characters"]);
    expect(await english(long.data.error.taxId)).toEqual(["Maximum 50 characters"]);
    const phone = await post({ name: "Phone Co", phone: "12-34" });
    expect(await english(phone.data.error.phone)).toEqual(["Invalid phone number"]);
    const taken = await post({ name: "  harbour  CIVIL " });
    expect(taken.status).toBe(400);
    expect(await english(taken.data.error.name)).toEqual(["A company with this name already exists"]);
    expect(await db.em.count(Company, {})).toBe(1);
    expect(await db.em.count(ActivityLog, {})).toBe(0);
  });

  it("refuses a member whose role lacks the create permission", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, ["project-settings.company.view"]);
    const result = await callAction(companyList, LIST, {
      cookie,
      form: { intent: "create", name: "Sneaky Co" },
    });
    expect(result.status).toBe(403);
    expect(await db.em.count(Company, {})).toBe(0);
  });
});

describe("project company detail", () => {
  async function arrange() {
    const company = await createCompany(db.em, { name: "Harbour Civil", trade: "Civil works" });
    const project = await createProject(db.em, { name: "Northern Bridge", number: "NBU-1", company });
    const elsewhere = await createProject(db.em, { name: "Western Rail", number: "WRL-1" });
    const productRole = await createRole(db.em, { name: "Site Engineer" });
    const engineer = await createUser(db.em, { name: "Erin Engineer" });
    await addMember(db.em, { project: elsewhere, user: engineer, role: productRole, company });
    return { company, project, elsewhere, engineer };
  }

  it("shows the overview, the associated projects and the members of every project", async () => {
    const { company, project, elsewhere } = await arrange();
    const { cookie } = await memberWith(project, ["project-settings.company.view"]);
    const path = `${LIST}/${company.id}`;

    const overview = await callLoader(companyDetail, path, { cookie, params: { id: company.id } });
    expect(overview.data.detail.company).toMatchObject({ name: "Harbour Civil", trade: "Civil works" });
    expect(overview.data.detail.usage).toEqual({ members: 1, projects: 2 });
    expect(overview.data.can).toEqual({ edit: false, delete: false });
    expect(overview.data.detail.projects).toBeNull();

    const projects = await callLoader(companyDetail, `${path}?tab=projects`, {
      cookie,
      params: { id: company.id },
    });
    expect(projects.data.detail.projects.rows).toEqual([
      { id: project.id, name: "Northern Bridge", number: "NBU-1", isCompanyProject: true, membersCount: 0 },
      { id: elsewhere.id, name: "Western Rail", number: "WRL-1", isCompanyProject: false, membersCount: 1 },
    ]);

    const members = await callLoader(companyDetail, `${path}?tab=members`, {
      cookie,
      params: { id: company.id },
    });
    expect(members.data.detail.members.rows).toMatchObject([
      { name: "Erin Engineer", project: "Western Rail", productRole: "Site Engineer", accRole: null },
    ]);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, ["project-settings.company.view"]);
    const unknown = "6f1c2f9e-1b7b-4a8e-9b0a-2f2b7c6e1a11";
    expect(
      (await callLoader(companyDetail, `${LIST}/${unknown}`, { cookie, params: { id: unknown } })).status,
    ).toBe(404);
    expect((await callLoader(companyDetail, `${LIST}/nope`, { cookie, params: { id: "nope" } })).status).toBe(
      404,
    );
  });

  it("saves the overview with the changed fields in the activity log", async () => {
    const { company, project } = await arrange();
    const { user, cookie } = await memberWith(project, ALL);
    const result = await callAction(companyDetail, `${LIST}/${company.id}`, {
      cookie,
      params: { id: company.id },
      form: {
        intent: "update",
        name: "Harbour Civil",
        trade: "Bridges",
        status: "IN_REVIEW",
        taxId: "ABN 1",
      },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`${LIST}/${company.id}`);
    const saved = await db.em.findOneOrFail(Company, company.id);
    expect(saved).toMatchObject({ trade: "Bridges", status: "IN_REVIEW", taxId: "ABN 1" });
    const [entry] = await db.em.find(ActivityLog, { entityId: company.id, action: "updated" });
    expect(entry.actor?.id).toBe(user.id);
    expect(entry.before).toEqual({ trade: "Civil works", status: "IN_PROGRESS", taxId: null });
    expect(entry.after).toEqual({ trade: "Bridges", status: "IN_REVIEW", taxId: "ABN 1" });
  });

  it("refuses to save an invalid phone or a taken name, and an editor without the permission", async () => {
    const { company, project } = await arrange();
    await createCompany(db.em, { name: "Sparky Electrical" });
    const { cookie } = await memberWith(project, ALL);
    const post = (form: Record<string, string>, as = cookie) =>
      callAction(companyDetail, `${LIST}/${company.id}`, {
        cookie: as,
        params: { id: company.id },
        form: { intent: "update", ...form },
      });
    const phone = await post({ name: "Harbour Civil", phone: "phone" });
    expect(await english(phone.data.error.phone)).toEqual(["Invalid phone number"]);
    const taken = await post({ name: "sparky electrical" });
    expect(await english(taken.data.error.name)).toEqual(["A company with this name already exists"]);
    const viewer = await memberWith(project, ["project-settings.company.view"]);
    expect((await post({ name: "Renamed" }, viewer.cookie)).status).toBe(403);
    expect((await db.em.findOneOrFail(Company, company.id)).name).toBe("Harbour Civil");
    expect(await db.em.count(ActivityLog, {})).toBe(0);
  });

  it("refuses to delete a company in use, and deletes an unused one", async () => {
    const { company, project } = await arrange();
    const { cookie } = await memberWith(project, ALL);
    const refused = await callAction(companyDetail, `${LIST}/${company.id}`, {
      cookie,
      params: { id: company.id },
      form: { intent: "delete" },
    });
    expect(refused.status).toBe(409);
    expect(refused.data.deleteBlocked).toEqual({ members: 1, projects: 2 });
    expect(await db.em.count(Company, { id: company.id })).toBe(1);

    const unused = await createCompany(db.em, { name: "Gone Soon" });
    const viewer = await memberWith(project, ["project-settings.company.view"]);
    const forbidden = await callAction(companyDetail, `${LIST}/${unused.id}`, {
      cookie: viewer.cookie,
      params: { id: unused.id },
      form: { intent: "delete" },
    });
    expect(forbidden.status).toBe(403);
    const deleted = await callAction(companyDetail, `${LIST}/${unused.id}`, {
      cookie,
      params: { id: unused.id },
      form: { intent: "delete" },
    });
    expect(deleted.location).toBe(LIST);
    expect(await db.em.count(Company, { id: unused.id })).toBe(0);
    const [entry] = await db.em.find(ActivityLog, { entityId: unused.id });
    expect(entry).toMatchObject({ action: "deleted", before: { name: "Gone Soon" } });
    expect(await db.em.count(Project, {})).toBe(2);
  });
});
