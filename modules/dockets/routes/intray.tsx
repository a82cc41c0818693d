import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { EmptyState } from "~/app/ui/empty-state";
import { FileDrop } from "~/app/ui/file-drop";
import { formatDateTime } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { DOCKET_PERMISSIONS } from "../domain/docket-workflow";
import {
  deleteIntrayItem,
  intrayRows,
  setIntrayActive,
  uploadToIntray,
  writeUpIntrayItem,
} from "../server/intray.server";
import { INTRAY_EXTENSIONS, INTRAY_PATH } from "../server/intray-basics";
import { useIntrayText } from "../ui/intray-text";

export const handle = { i18n: ["dockets", "common", "uploads"] };

export const meta: MetaFunction = () => [{ title: "Intray | Dockets | SiteProof" }];

const P = DOCKET_PERMISSIONS;

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const setAside = new URL(request.url).searchParams.get("show") === "set-aside";
  return {
    setAside,
    items: await intrayRows(context, !setAside),
    canUpload: context.can(P.intrayCreate),
    canEdit: context.can(P.intrayEdit),
    canDelete: context.can(P.intrayDelete),
    canWriteUp: context.can(P.create),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  // The upload is the one multipart post (streamed to storage); every other form names its intent.
  if (/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
    if (!context.can(P.intrayCreate)) throw new Response("Forbidden", { status: 403 });
    return uploadToIntray(context, request);
  }
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const id = formData.get("itemId");
  if (intent === "set-aside") return setIntrayActive(context, id, false);
  if (intent === "restore") return setIntrayActive(context, id, true);
  if (intent === "delete") return deleteIntrayItem(context, id, formData.get("confirmed") === "yes");
  return writeUpIntrayItem(context, id);
}

export default function IntrayPage() {
  const { setAside, items, canUpload, canEdit, canDelete, canWriteUp } = useLoaderData<typeof loader>();
  const result = useActionData<{ error?: Record<string, string[]> }>();
  const navigation = useNavigation();
  // A stored upload redirects back here: a new location empties the form (its list of chosen files too).
  const location = useLocation();
  const { t, locale, translate } = useIntrayText();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{t("dockets:intray.title")}</h1>
        <nav className="flex gap-2 text-sm" aria-label={t("dockets:intray.title")}>
          <Link
            to={INTRAY_PATH}
            className={buttonClass(setAside ? "secondary" : "primary", "sm")}
            aria-current={setAside ? undefined : "page"}
          >
            {t("dockets:intray.active")}
          </Link>
          <Link
            to={`${INTRAY_PATH}?show=set-aside`}
            className={buttonClass(setAside ? "primary" : "secondary", "sm")}
            aria-current={setAside ? "page" : undefined}
          >
            {t("dockets:intray.setAsideTab")}
          </Link>
        </nav>
      </header>
      {canUpload && !setAside ? (
        <Form
          key={location.key}
          method="post"
          encType="multipart/form-data"
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <FileDrop
            label={t("dockets:intray.files")}
            name="files"
            multiple
            required
            accept={INTRAY_EXTENSIONS.map((extension) => `.${extension}`).join(",")}
            hint={t("dockets:intray.filesHint")}
            errors={translate(result?.error?.files)}
          />
          <div className="flex justify-end">
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("dockets:intray.upload")}
            </Button>
          </div>
        </Form>
      ) : null}
      {items.length === 0 ? (
        <EmptyState item={t("dockets:intray.items")} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
              <a href={item.imageUrl} target="_blank" rel="noreferrer" className="block bg-slate-100">
                {item.isImage ? (
                  <img
                    src={item.imageUrl}
                    alt={item.name}
                    loading="lazy"
                    className="h-40 w-full object-cover"
                  />
                ) : (
                  <span className="grid h-40 place-items-center text-sm text-slate-600">PDF</span>
                )}
              </a>
              <div className="space-y-2 p-3">
                <p className="truncate text-sm font-medium text-slate-900" title={item.name}>
                  {item.name}
                </p>
                <p className="text-xs text-slate-600">
                  {t("dockets:intray.uploadedBy", {
                    name: item.uploadedBy ?? "-",
                    when: formatDateTime(item.uploadedAt, locale),
                  })}
                </p>
                {item.docket ? (
                  <p className="text-xs">
                    <Link to={`/dockets/${item.docket.id}`} className="record-link">
                      {item.docket.number}
                    </Link>
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  {!setAside && canWriteUp ? (
                    <ItemForm id={item.id} intent="write-up" label={t("dockets:intray.writeUp")} primary />
                  ) : null}
                  {canEdit && !item.docket ? (
                    <ItemForm
                      id={item.id}
                      intent={setAside ? "restore" : "set-aside"}
                      label={t(setAside ? "dockets:intray.restore" : "dockets:intray.setAside")}
                    />
                  ) : null}
                  {canDelete ? (
                    // A disclosure, not a dialog: it asks "are you sure" without any script (and keeps the page light).
                    <details className="w-full">
                      <summary className={buttonClass("secondary", "sm")}>
                        {t("dockets:intray.delete")}
                      </summary>
                      <Form
                        method="post"
                        className="mt-2 space-y-2 rounded border border-red-200 bg-red-50 p-2"
                      >
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="itemId" value={item.id} />
                        <input type="hidden" name="confirmed" value="yes" />
                        <p className="text-xs text-red-800">
                          {t("dockets:intray.deleteTitle")}{" "}
                          {t("dockets:intray.deleteDescription", { name: item.name })}
                        </p>
                        <button type="submit" className={buttonClass("danger", "sm")}>
                          {t("dockets:intray.delete")}
                        </button>
                      </Form>
                    </details>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ItemForm({
  id,
  intent,
  label,
  primary,
}: {
  id: string;
  intent: string;
  label: string;
  primary?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="itemId" value={id} />
      <button type="submit" className={buttonClass(primary ? "primary" : "secondary", "sm")}>
        {label}
      </button>
    </Form>
  );
}
