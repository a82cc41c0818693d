import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CompanyListPage } from "~/app/admin/company-list-page";
import { companyListAction, loadCompanyList } from "~/server/admin/companies.server";
import { companyFormSchema } from "~/server/admin/company-rules";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["companies"] };

export const meta: MetaFunction = () => [{ title: "Companies | SiteProof" }];

const BASE_PATH = "/project-settings/company";

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, can } = await requireRoute(request);
  const list = await loadCompanyList(
    { em, projectId: project.id, basePath: BASE_PATH },
    new URL(request.url),
  );
  return { list, canCreate: can("project-settings.company.create") };
}

export async function action({ request }: ActionFunctionArgs) {
  const { em, user, project, can } = await requireRoute(request);
  return companyListAction(
    { em, projectId: project.id, basePath: BASE_PATH },
    user.id,
    await readForm(request),
    {
      create: can("project-settings.company.create"),
    },
  );
}

export default function ProjectCompaniesPage() {
  const { list, canCreate } = useLoaderData<typeof loader>();
  const { t } = useTranslation("companies");
  return (
    <CompanyListPage
      title={t("list.title")}
      intro={t("list.projectIntro")}
      basePath={BASE_PATH}
      list={list}
      canCreate={canCreate}
      schema={companyFormSchema}
    />
  );
}
