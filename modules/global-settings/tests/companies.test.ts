import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, Company, User } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { addMember, createCompany, createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signIn } from "~/tests/setup/requests";
import * as companyList from "../routes/company";
import * as companyDetail from "../routes/company.detail";

const db = setupTestDatabase();
const LIST = "/globalSettings/company";

async function english(messages: string[] | undefined) {
  const t = await serverT("en");
  return messages?.map((message) => translateMessage(t as any, message));
}

/** A signed-in user whose global role grants these keys (no project needed). */
async function globalUser(grantedActions: string[]) {
  const role = await createRole(db.em, { grantedActions });
  const user = await createUser(db.em);
  await db.em.nativeUpdate(User, { id: user.id }, { globalRole: role.id });
  return { user, cookie: await signIn(db.em, user) };
}

const ALL = [
  "global-settings.company.view-global",
  "global-settings.company.create-global",
  "global-settings.company.edit-global",
  "global-settings.company.delete-global",
];

describe("global company list", () => {
  it("lists every company 10 a page, with members counted in all projects", async () => {
    for (let i = 1; i <= 11; i++)
      await createCompany(db.em, { name: `Company ${String(i).padStart(2, "0")}` });
    const busy = await createCompany(db.em, { name: "Busy Builders", trade: "Formwork", taxId: "ABN-77" });
    const [first, second] = [await createProject(db.em), await createProject(db.em)];
    await addMember(db.em, { project: first, user: await createUser(db.em), company: busy });
    await addMember(db.em, { project: second, user: await createUser(db.em), company: busy });
    const { cookie } = await globalUser(["global-settings.company.view-global"]);

    const page1 = await callLoader(companyList, LIST, { cookie });
    expect(page1.status).toBe(200);
    expect(page1.data.list.total).toBe(12);
    expect(page1.data.list.rows).toHaveLength(10);
    expect(page1.data.list.rows[0]).toMatchObject({
      name: "Busy Builders",
      membersCount: 2,
      trade: "Formwork",
    });
    const page2 = await callLoader(companyList, `${LIST}?page=2`, { cookie });
    expect(page2.data.list.rows.map((row: any) => row.name)).toEqual(["Company 10", "Company 11"]);
    const byTaxId = await callLoader(companyList, `${LIST}?q=abn-7`, { cookie });
    expect(byTaxId.data.list.rows.map((row: any) => row.name)).toEqual(["Busy Builders"]);
    const wildcard = await callLoader(companyList, `${LIST}?q=%25`, { cookie });
    expect(wildcard.data.list.total).toBe(0);
  });

  it("filters by status and sorts by a column", async () => {
    await createCompany(db.em, { name: "Alpha", status: "CLOSED", country: "Vietnam" });
    await createCompany(db.em, { name: "Bravo", status: "IN_REVIEW", country: "Australia" });
    await createCompany(db.em, { name: "Charlie", status: "CLOSED", country: "Australia" });
    const { cookie } = await globalUser(["global-settings.company.view-global"]);
    const closed = await callLoader(companyList, `${LIST}?status=CLOSED`, { cookie });
    expect(closed.data.list.rows.map((row: any) => row.name)).toEqual(["Alpha", "Charlie"]);
    const twoStatuses = await callLoader(
      companyList,
      `${LIST}?status=CLOSED&status=IN_REVIEW&sort=country&dir=desc`,
      {
        cookie,
      },
    );
    expect(twoStatuses.data.list.rows.map((row: any) => row.name)).toEqual(["Alpha", "Bravo", "Charlie"]);
  });

  it("sends a user whose global role lacks the view permission to /forbidden", async () => {
    const { cookie } = await globalUser([]);
    expect((await callLoader(companyList, LIST, { cookie })).location).toBe("/forbidden");
  });
});

describe("global company changes", () => {
  it("adds a company with an activity entry outside any project", async () => {
    const { user, cookie } = await globalUser(ALL);
    const result = await callAction(companyList, LIST, {
      cookie,
      form: { intent: "create", name: "Rail Signals Ltd", status: "IN_REVIEW", erpPartnerCompanyId: "ERP-9" },
    });
    const company = await db.em.findOneOrFail(Company, { name: "Rail Signals Ltd" });
    expect(result.location).toBe(`${LIST}/${company.id}`);
    expect(company).toMatchObject({ status: "IN_REVIEW", erpPartnerCompanyId: "ERP-9" });
    const [entry] = await db.em.find(ActivityLog, { entityId: company.id });
    expect(entry).toMatchObject({ action: "created", project: null, actor: { id: user.id } });
  });

  it("validates the name and the field lengths", async () => {
    const { cookie } = await globalUser(ALL);
    const result = await callAction(companyList, LIST, {
      cookie,
      form: { intent: "create", name: "", country: "c".repeat(101), address: "a".repeat(501) },
    });
    expect(result.status).toBe(400);
    expect(await english(result.data.error.name)).toEqual(["This field is required"]);
    expect(await english(result.data.error.country)).toEqual(["Maximum 100 characters"]);
    expect(await english(result.data.error.address)).toEqual(["Maximum 500 characters"]);
    expect(await db.em.count(Company, {})).toBe(0);
  });

  it("refuses create, edit and delete to a global role with only the view permission", async () => {
    const company = await createCompany(db.em, { name: "Keep Me" });
    const { cookie } = await globalUser(["global-settings.company.view-global"]);
    const create = await callAction(companyList, LIST, { cookie, form: { intent: "create", name: "New" } });
    expect(create.status).toBe(403);
    const path = `${LIST}/${company.id}`;
    const edit = await callAction(companyDetail, path, {
      cookie,
      params: { id: company.id },
      form: { intent: "update", name: "Renamed" },
    });
    expect(edit.status).toBe(403);
    const remove = await callAction(companyDetail, path, {
      cookie,
      params: { id: company.id },
      form: { intent: "delete" },
    });
    expect(remove.status).toBe(403);
    expect((await db.em.find(Company, {})).map((c) => c.name)).toEqual(["Keep Me"]);
    expect(await db.em.count(ActivityLog, {})).toBe(0);
  });

  it("edits with the changes logged, and refuses to delete a company that is a project's company", async () => {
    const company = await createCompany(db.em, { name: "Owner Co", phone: "0290000000" });
    const project = await createProject(db.em, { name: "Owned Project", company });
    const { cookie } = await globalUser(ALL);
    const path = `${LIST}/${company.id}`;
    const detail = await callLoader(companyDetail, `${path}?tab=projects`, {
      cookie,
      params: { id: company.id },
    });
    expect(detail.data.can).toEqual({ edit: true, delete: true });
    expect(detail.data.detail.currentProjectId).toBeNull();
    expect(detail.data.detail.projects.rows).toMatchObject([{ id: project.id, isCompanyProject: true }]);

    const edit = await callAction(companyDetail, path, {
      cookie,
      params: { id: company.id },
      form: { intent: "update", name: "Owner Co", phone: "(02) 9000 0001", description: "Head contractor" },
    });
    expect(edit.status).toBe(302);
    const [entry] = await db.em.find(ActivityLog, { entityId: company.id });
    expect(entry).toMatchObject({
      action: "updated",
      project: null,
      before: { phone: "0290000000", description: null },
      after: { phone: "(02) 9000 0001", description: "Head contractor" },
    });

    const remove = await callAction(companyDetail, path, {
      cookie,
      params: { id: company.id },
      form: { intent: "delete" },
    });
    expect(remove.status).toBe(409);
    expect(remove.data.deleteBlocked).toEqual({ members: 0, projects: 1 });
    expect(await db.em.count(Company, { id: company.id })).toBe(1);
  });
});
