import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useResourceFilters } from "~/app/admin/resource-filters";
import { ResourceFormPanel, type ResourceRow } from "~/app/admin/resource-form";
import { ResourceTable } from "~/app/admin/resource-table";
import { buttonClass } from "~/app/ui/button";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { RegisterPage } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { type IResource, Resource } from "~/server/db/entities";
import { readForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireGlobalRoute, requireIntent } from "~/server/permissions/guard.server";
import { translateReply } from "~/server/settings/form-errors.server";
import {
  createResource,
  deleteResource,
  listResources,
  readResourceQuery,
  resourceCategories,
  resourceSchema,
  updateResource,
} from "~/server/settings/resources.server";

export const meta: MetaFunction = () => [{ title: "Resources | SiteProof" }];
export const handle = { i18n: ["settings"] };

/** `?resource=new` opens the create panel, `?resource=<id>` the edit panel of that resource. */
const PANEL_PARAM = "resource";

const toRow = (resource: IResource): ResourceRow => ({
  id: resource.id,
  code: resource.code,
  name: resource.name,
  category: resource.category,
  unit: resource.unit,
  description: resource.description ?? null,
  active: resource.active,
});

/** The list as it was, without the form panel. */
function listHref(url: URL) {
  const params = new URLSearchParams(url.search);
  params.delete(PANEL_PARAM);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, canGlobal } = await requireGlobalRoute(request);
  const url = new URL(request.url);
  const can = {
    create: canGlobal("global-settings.resources.create-resources"),
    edit: canGlobal("global-settings.resources.edit-resources"),
    delete: canGlobal("global-settings.resources.delete-resources"),
  };
  const query = readResourceQuery(url.searchParams);
  const { rows, total, page } = await listResources(em, query, {
    page: pageFromSearch(url.searchParams),
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const panel = url.searchParams.get(PANEL_PARAM);
  let editing: ResourceRow | null = null;
  if (panel && panel !== "new" && can.edit) {
    const resource = await em.findOne(Resource, { id: panel });
    invariantResponse(resource, "Not Found", 404);
    editing = toRow(resource);
  }
  return {
    rows: rows.map(toRow),
    total,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    query,
    can,
    panel: panel === "new" && can.create ? ("create" as const) : editing ? ("edit" as const) : null,
    editing,
    categories: resourceCategories,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireGlobalRoute(request);
  const { em, user, locale } = context;
  const url = new URL(request.url);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData) as "create" | "update" | "delete";

  let existing: IResource | null = null;
  if (intent !== "create") {
    const id = String(formData.get("id") ?? "");
    existing = /^[0-9a-f-]{36}$/i.test(id) ? await em.findOne(Resource, { id }) : null;
    invariantResponse(existing, "Not Found", 404);
  }
  if (intent === "delete" && existing) {
    await deleteResource(em, existing.id, user.id);
    return redirectWithToast(listHref(url), {
      type: "success",
      message: "settings:toast.resourceDeleted",
      params: { code: existing.code },
    });
  }

  const submission = parseWithZod(formData, { schema: resourceSchema });
  if (submission.status !== "success") {
    return data(await translateReply(locale, submission.reply()), { status: 400 });
  }
  const saved = existing
    ? await updateResource(em, existing.id, submission.value, user.id)
    : await createResource(em, submission.value, user.id);
  if (!saved.ok) {
    const reply = submission.reply({ fieldErrors: { [saved.field]: [saved.message] } });
    return data(await translateReply(locale, reply), { status: 400 });
  }
  return redirectWithToast(listHref(url), {
    type: "success",
    message: existing ? "settings:toast.resourceUpdated" : "settings:toast.resourceCreated",
    params: { code: saved.resource.code },
  });
}

export default function ResourcesPage() {
  const { rows, total, page, pageSize, query, can, panel, editing, categories } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("settings");
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete(PANEL_PARAM);
  const cancelHref = `${location.pathname}${params.size ? `?${params}` : ""}`;
  params.set(PANEL_PARAM, "new");
  const createHref = `${location.pathname}?${params}`;
  const filters = useResourceFilters({ categories, category: query.category, status: query.status });
  return (
    <RegisterPage
      title={t("resources.title")}
      description={t("resources.intro")}
      actions={
        can.create && panel !== "create" ? (
          <Link to={createHref} className={buttonClass()} preventScrollReset>
            {t("resources.new")}
          </Link>
        ) : null
      }
      above={
        panel ? (
          <ResourceFormPanel
            key={editing?.id ?? "new"}
            resource={editing}
            categories={categories}
            result={result}
            cancelHref={cancelHref}
          />
        ) : null
      }
      filters={filters}
      search={<SearchBox label={t("resources.searchLabel")} placeholder={t("resources.searchPlaceholder")} />}
    >
      <ResourceTable
        rows={rows}
        page={page}
        pageSize={pageSize}
        total={total}
        sort={query}
        filtered={Boolean(query.q || query.category || query.status)}
        canEdit={can.edit}
        canDelete={can.delete}
      />
    </RegisterPage>
  );
}
