import { parseWithZod } from "@conform-to/zod/v4";
import { type FilterQuery, QueryOrder } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { z } from "zod";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { Company, type ICompany, Project, ProjectMember } from "~/server/db/entities";
import { containsPattern } from "~/server/db/like";
import { invariantResponse } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import {
  type CompanyUsage,
  canDeleteCompany,
  companyFormSchema,
  companyValues,
  nameKey,
  readCompanyListQuery,
  readCompanyTab,
  sameNamePattern,
  storedCompanyValues,
} from "./company-rules";

/**
 * Companies are product-wide. The project pages list those involved in the current project (its own
 * company and its members' companies); the global pages list all. Both share this file.
 */
export type CompanyPlace = {
  em: EntityManager;
  /** The current project on project pages; null on the global settings pages. */
  projectId: string | null;
  /** The list's URL, e.g. /project-settings/company. */
  basePath: string;
};

const ENTITY_TYPE = "company";

/** How many project memberships name each company (in one project when given). */
async function memberCounts(em: EntityManager, companyIds: string[], projectId: string | null) {
  if (companyIds.length === 0) return new Map<string, number>();
  const rows = await em.execute<{ company_id: string; member_count: string }[]>(
    `select company_id, count(*) as member_count from project_member
     where company_id in (?) ${projectId ? "and project_id = ?" : ""} group by company_id`,
    projectId ? [companyIds, projectId] : [companyIds],
  );
  return new Map(rows.map((row) => [row.company_id, Number(row.member_count)]));
}

/** The companies involved in a project: its own company and the companies of its members. */
/** The companies working on a project: the project's own and its members'. */
export async function projectCompanyIds(em: EntityManager, projectId: string): Promise<string[]> {
  const project = await em.findOneOrFail(Project, projectId, { fields: ["company"] });
  const members = await em.find(
    ProjectMember,
    { project: projectId, company: { $ne: null } },
    { fields: ["company"] },
  );
  const ids = members.map((member) => member.company!.id);
  if (project.company) ids.push(project.company.id);
  return [...new Set(ids)];
}

export async function loadCompanyList({ em, projectId }: CompanyPlace, url: URL) {
  const query = readCompanyListQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const filter: FilterQuery<ICompany> = {};
  if (projectId) filter.id = { $in: await projectCompanyIds(em, projectId) };
  if (query.statuses.length) filter.status = { $in: query.statuses };
  if (query.q) {
    const pattern = containsPattern(query.q);
    filter.$or = [
      { name: { $ilike: pattern } },
      { trade: { $ilike: pattern } },
      { taxId: { $ilike: pattern } },
    ];
  }
  const direction = query.dir === "asc" ? QueryOrder.ASC_NULLS_LAST : QueryOrder.DESC_NULLS_LAST;
  const [companies, total] = await em.findAndCount(Company, filter, {
    orderBy: [{ [query.sort]: direction }, { name: QueryOrder.ASC }, { id: QueryOrder.ASC }],
    limit: DEFAULT_PAGE_SIZE,
    offset: (page - 1) * DEFAULT_PAGE_SIZE,
  });
  const counts = await memberCounts(
    em,
    companies.map((company) => company.id),
    projectId,
  );
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    rows: companies.map((company) => ({
      id: company.id,
      name: company.name,
      trade: company.trade ?? null,
      country: company.country ?? null,
      phone: company.phone ?? null,
      status: company.status as string,
      membersCount: counts.get(company.id) ?? 0,
      updatedAt: company.updatedAt.toISOString(),
    })),
  };
}
export type CompanyListData = Awaited<ReturnType<typeof loadCompanyList>>;
export type CompanyListRow = CompanyListData["rows"][number];

/** A company with the same name, ignoring case and spacing (names must be unique product-wide). */
async function companyNamedLike(em: EntityManager, name: string, exceptId?: string) {
  const candidates = await em.find(
    Company,
    { name: { $ilike: sameNamePattern(name) } },
    { fields: ["name"] },
  );
  return candidates.find((company) => company.id !== exceptId && nameKey(company.name) === nameKey(name));
}

const nameTaken = { name: ["companies:errors.nameTaken"] };

export async function createCompany(place: CompanyPlace, actorId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: companyFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = companyValues(submission.value);
  if (await companyNamedLike(place.em, values.name)) {
    return data(submission.reply({ fieldErrors: nameTaken }), { status: 400 });
  }
  const company = await place.em.transactional(async (tx) => {
    const created = tx.create(Company, values);
    recordActivity(tx, {
      projectId: place.projectId,
      actorId,
      entityType: ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: values,
    });
    return created;
  });
  return redirectWithToast(`${place.basePath}/${company.id}`, {
    type: "success",
    message: place.projectId ? "companies:toast.createdInProject" : "companies:toast.created",
    params: { name: company.name },
  });
}

/** The company of a detail URL, or 404 (an id that is not even a UUID included). */
async function companyById(em: EntityManager, id: string | undefined): Promise<ICompany> {
  const valid = z.uuid().safeParse(id);
  const company = valid.success ? await em.findOne(Company, valid.data) : null;
  invariantResponse(company, "Not Found", 404);
  return company;
}

async function associatedProjectIds(em: EntityManager, companyId: string): Promise<string[]> {
  const owned = await em.find(Project, { company: companyId }, { fields: ["id"] });
  const viaMembers = await em.find(ProjectMember, { company: companyId }, { fields: ["project"] });
  return [...new Set([...owned.map((project) => project.id), ...viaMembers.map((m) => m.project.id)])];
}

async function companyUsage(em: EntityManager, companyId: string): Promise<CompanyUsage> {
  return {
    members: await em.count(ProjectMember, { company: companyId }),
    projects: (await associatedProjectIds(em, companyId)).length,
  };
}

async function associatedProjects(em: EntityManager, company: ICompany, page: number) {
  const ids = await associatedProjectIds(em, company.id);
  const projects = await em.find(
    Project,
    { id: { $in: ids } },
    {
      orderBy: { name: "asc", id: "asc" },
      limit: DEFAULT_PAGE_SIZE,
      offset: (page - 1) * DEFAULT_PAGE_SIZE,
      fields: ["name", "number", "company"],
    },
  );
  const counts = new Map<string, number>();
  const members = await em.find(
    ProjectMember,
    { company: company.id, project: { $in: projects.map((project) => project.id) } },
    { fields: ["project"] },
  );
  for (const member of members) counts.set(member.project.id, (counts.get(member.project.id) ?? 0) + 1);
  return {
    total: ids.length,
    rows: projects.map((project) => ({
      id: project.id,
      name: project.name,
      number: project.number,
      isCompanyProject: project.company?.id === company.id,
      membersCount: counts.get(project.id) ?? 0,
    })),
  };
}

async function companyMembers(em: EntityManager, company: ICompany, page: number) {
  const [members, total] = await em.findAndCount(
    ProjectMember,
    { company: company.id },
    {
      populate: ["user", "project", "role", "accRole"],
      orderBy: [{ user: { name: "asc" } }, { project: { name: "asc" } }, { id: "asc" }],
      limit: DEFAULT_PAGE_SIZE,
      offset: (page - 1) * DEFAULT_PAGE_SIZE,
    },
  );
  return {
    total,
    rows: members.map((member) => ({
      id: member.id,
      name: member.user.name,
      email: member.user.email,
      projectId: member.project.id,
      project: member.project.name,
      productRole: member.role?.name ?? null,
      accRole: member.accRole?.name ?? null,
      addedOn: member.createdAt.toISOString(),
    })),
  };
}

export async function loadCompanyDetail(place: CompanyPlace, id: string | undefined, url: URL) {
  const company = await companyById(place.em, id);
  const tab = readCompanyTab(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  return {
    company: {
      id: company.id,
      ...storedCompanyValues(company),
      createdAt: company.createdAt.toISOString(),
      updatedAt: company.updatedAt.toISOString(),
    },
    usage: await companyUsage(place.em, company.id),
    tab,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    currentProjectId: place.projectId,
    projects: tab === "projects" ? await associatedProjects(place.em, company, page) : null,
    members: tab === "members" ? await companyMembers(place.em, company, page) : null,
  };
}
export type CompanyDetailData = Awaited<ReturnType<typeof loadCompanyDetail>>;

export async function updateCompany(
  place: CompanyPlace,
  actorId: string,
  id: string | undefined,
  formData: FormData,
) {
  const company = await companyById(place.em, id);
  const submission = parseWithZod(formData, { schema: companyFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = companyValues(submission.value);
  if (await companyNamedLike(place.em, values.name, company.id)) {
    return data(submission.reply({ fieldErrors: nameTaken }), { status: 400 });
  }
  const { before, after } = changedFields(storedCompanyValues(company), values);
  if (Object.keys(after).length > 0) {
    await place.em.transactional(async (tx) => {
      tx.assign(company, values);
      recordActivity(tx, {
        projectId: place.projectId,
        actorId,
        entityType: ENTITY_TYPE,
        entityId: company.id,
        action: "updated",
        before,
        after,
      });
    });
  }
  return redirectWithToast(`${place.basePath}/${company.id}`, {
    type: "success",
    message: "companies:toast.updated",
    params: { name: company.name },
  });
}

export async function deleteCompany(place: CompanyPlace, actorId: string, id: string | undefined) {
  const company = await companyById(place.em, id);
  const usage = await companyUsage(place.em, company.id);
  if (!canDeleteCompany(usage)) return data({ deleteBlocked: usage }, { status: 409 });
  await place.em.transactional(async (tx) => {
    recordActivity(tx, {
      projectId: place.projectId,
      actorId,
      entityType: ENTITY_TYPE,
      entityId: company.id,
      action: "deleted",
      before: storedCompanyValues(company),
    });
    tx.remove(company);
  });
  return redirectWithToast(place.basePath, {
    type: "success",
    message: "companies:toast.deleted",
    params: { name: company.name },
  });
}

/** The detail page's forms: a hidden `intent` says which one was posted. */
export async function companyDetailAction(
  place: CompanyPlace,
  actorId: string,
  id: string | undefined,
  formData: FormData,
  allowed: { edit: boolean; delete: boolean },
) {
  const intent = formData.get("intent");
  if (intent === "update") {
    if (!allowed.edit) throw new Response("Forbidden", { status: 403 });
    return updateCompany(place, actorId, id, formData);
  }
  if (intent === "delete") {
    if (!allowed.delete) throw new Response("Forbidden", { status: 403 });
    return deleteCompany(place, actorId, id);
  }
  throw new Response("Bad Request", { status: 400 });
}

/** The list page's only form is Add company. */
export async function companyListAction(
  place: CompanyPlace,
  actorId: string,
  formData: FormData,
  allowed: { create: boolean },
) {
  if (!allowed.create) throw new Response("Forbidden", { status: 403 });
  if (formData.get("intent") !== "create") throw new Response("Bad Request", { status: 400 });
  return createCompany(place, actorId, formData);
}
