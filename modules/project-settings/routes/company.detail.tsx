import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CompanyDetailPage } from "~/app/admin/company-detail-page";
import { companyDetailAction, loadCompanyDetail } from "~/server/admin/companies.server";
import { companyFormSchema } from "~/server/admin/company-rules";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["companies"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.detail.company.name ?? "Company"} | SiteProof` },
];

const BASE_PATH = "/project-settings/company";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em, project, can } = await requireRoute(request, params);
  const detail = await loadCompanyDetail(
    { em, projectId: project.id, basePath: BASE_PATH },
    params.id,
    new URL(request.url),
  );
  return {
    detail,
    can: { edit: can("project-settings.company.edit"), delete: can("project-settings.company.delete") },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { em, user, project, can } = await requireRoute(request, params);
  return companyDetailAction(
    { em, projectId: project.id, basePath: BASE_PATH },
    user.id,
    params.id,
    await readForm(request),
    { edit: can("project-settings.company.edit"), delete: can("project-settings.company.delete") },
  );
}

export default function ProjectCompanyDetailPage() {
  const { detail, can } = useLoaderData<typeof loader>();
  return <CompanyDetailPage basePath={BASE_PATH} detail={detail} can={can} schema={companyFormSchema} />;
}
