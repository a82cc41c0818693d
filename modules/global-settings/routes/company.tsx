import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CompanyListPage } from "~/app/admin/company-list-page";
import { companyListAction, loadCompanyList } from "~/server/admin/companies.server";
import { companyFormSchema } from "~/server/admin/company-rules";
import { readForm } from "~/server/http/form.server";
import { requireGlobalRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["companies"] };

export const meta: MetaFunction = () => [{ title: "Companies | SiteProof" }];

const BASE_PATH = "/globalSettings/company";

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, canGlobal } = await requireGlobalRoute(request);
  const list = await loadCompanyList({ em, projectId: null, basePath: BASE_PATH }, new URL(request.url));
  return { list, canCreate: canGlobal("global-settings.company.create-global") };
}

export async function action({ request }: ActionFunctionArgs) {
  const { em, user, canGlobal } = await requireGlobalRoute(request);
  return companyListAction({ em, projectId: null, basePath: BASE_PATH }, user.id, await readForm(request), {
    create: canGlobal("global-settings.company.create-global"),
  });
}

export default function GlobalCompaniesPage() {
  const { list, canCreate } = useLoaderData<typeof loader>();
  const { t } = useTranslation("companies");
  return (
    <CompanyListPage
      title={t("list.title")}
      intro={t("list.globalIntro")}
      basePath={BASE_PATH}
      list={list}
      canCreate={canCreate}
      schema={companyFormSchema}
    />
  );
}
