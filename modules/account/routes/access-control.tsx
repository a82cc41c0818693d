import { parseWithZod } from "@conform-to/zod/v4";
import type { FilterQuery } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/ui/button";
import { Pagination } from "~/app/ui/pagination";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { type IProject, Project, ProjectMember } from "~/server/db/entities";
import { readForm } from "~/server/http/form.server";
import { safeRedirect } from "~/server/http/safe-redirect";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireUser } from "~/server/permissions/guard.server";
import { selectProjectSchema } from "../domain/schemas";

export const meta: MetaFunction = () => [{ title: "Select a project | SiteProof" }];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, user, project: current } = await requireUser(request);
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim().slice(0, 100) ?? "";
  const page = pageFromSearch(url.searchParams);
  const filter: FilterQuery<IProject> = {};
  if (!user.isSuperAdmin) filter.id = { $in: await memberProjectIds(em, user.id) };
  if (q)
    filter.$or = [{ name: { $ilike: `%${escapeLike(q)}%` } }, { number: { $ilike: `%${escapeLike(q)}%` } }];
  const [projects, total] = await em.findAndCount(Project, filter, {
    orderBy: { name: "asc", id: "asc" },
    limit: DEFAULT_PAGE_SIZE,
    offset: (page - 1) * DEFAULT_PAGE_SIZE,
    fields: ["id", "name", "number", "updatedAt"],
  });
  return {
    q,
    page,
    total,
    currentProjectId: current?.id ?? null,
    projects: projects.map((p) => ({
      id: p.id,
      name: p.name,
      number: p.number,
      updatedAt: p.updatedAt.toISOString(),
    })),
  };
}

async function memberProjectIds(em: EntityManager, userId: string): Promise<string[]> {
  const rows = await em.find(ProjectMember, { user: userId }, { fields: ["project"] });
  return rows.map((row) => row.project.id);
}

export async function action({ request }: ActionFunctionArgs) {
  const { em, user, session } = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: selectProjectSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const target = safeRedirect(submission.value.redirectTo, "/");
  const project = await em.findOne(Project, { id: submission.value.projectId });
  const isMember = project && (user.isSuperAdmin || (await em.count(ProjectMember, { project, user })) > 0);
  if (!project || !isMember) {
    return data(submission.reply({ formErrors: ["accessControl.notMember"] }), { status: 403 });
  }
  session.currentProject = project;
  session.selectedModule = null;
  await em.flush();
  return redirectWithToast(target, {
    type: "success",
    message: "toast.projectSelected",
    params: { name: project.name },
  });
}

export default function AccessControlPage() {
  const { q, page, total, projects, currentProjectId } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const { t, i18n } = useTranslation();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const dateFormat = new Intl.DateTimeFormat(i18n.language === "au" ? "en-AU" : i18n.language, {
    dateStyle: "medium",
  });
  return (
    <div className="min-h-dvh bg-slate-100">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <a href="/" className="text-lg font-bold text-brand-700">
          SiteProof
        </a>
        <Form method="post" action="/auth/logout">
          <Button type="submit" variant="ghost" size="sm">
            {t("auth.signOut")}
          </Button>
        </Form>
      </header>
      <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-semibold">{t("accessControl.title")}</h1>
        <p className="mt-1 text-slate-600">{t("accessControl.intro")}</p>
        <Form method="get" role="search" className="mt-6 flex gap-2">
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <label htmlFor="project-search" className="sr-only">
            {t("accessControl.search")}
          </label>
          <input
            id="project-search"
            type="search"
            name="q"
            defaultValue={q}
            placeholder={t("accessControl.searchPlaceholder")}
            className="h-10 flex-1 rounded-md border border-slate-300 px-3 text-sm"
          />
          <Button type="submit" variant="secondary">
            {t("accessControl.searchButton")}
          </Button>
        </Form>
        <div className="mt-4 overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
          {projects.length === 0 ? (
            <p className="p-8 text-center text-slate-600">
              {q ? t("accessControl.noResults") : t("accessControl.empty")}
            </p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t("accessControl.name")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t("accessControl.number")}
                  </th>
                  <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
                    {t("accessControl.lastUpdated")}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">{t("accessControl.open")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {projects.map((project) => (
                  <tr key={project.id}>
                    <td className="px-4 py-3 font-medium">
                      {project.name}
                      {project.id === currentProjectId ? (
                        <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-700">
                          {t("accessControl.current")}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-4 py-3 text-slate-600">{project.number}</td>
                    <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">
                      {dateFormat.format(new Date(project.updatedAt))}
                    </td>
                    <td className="px-4 py-3 text-right">
                      <Form method="post">
                        <input type="hidden" name="projectId" value={project.id} />
                        <input type="hidden" name="redirectTo" value={redirectTo} />
                        <Button
                          type="submit"
                          size="sm"
                          aria-label={`${t("accessControl.open")} ${project.name}`}
                        >
                          {t("accessControl.open")}
                        </Button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <Pagination page={page} pageSize={10} total={total} className="mt-4" />
      </main>
    </div>
  );
}
