import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { EmptyState } from "~/app/ui/empty-state";
import { FormAlert } from "~/app/ui/field";
import { FileDrop } from "~/app/ui/file-drop";
import { LinkTabs, selectedLinkTab } from "~/app/ui/link-tabs";
import { SearchBox } from "~/app/ui/search-box";
import { readForm } from "~/server/http/form.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { translateMessage, translateReply } from "~/server/settings/form-errors.server";
import { readItpWorkbook, readItpWorkbookUpload } from "../server/itp-import.server";
import { copyItpSchema, ITP_PATH, itpHeaderSchema, itpPath, MAX_WORKBOOK_BYTES } from "../server/itp-rules";
import {
  createBlankItp,
  createFromTemplate,
  createImportedItp,
  loadTemplateChoices,
} from "../server/itps.server";
import { ItpHeaderFields } from "../ui/itp-form";
import { useItpText } from "../ui/itp-view";

export const handle = { i18n: ["quality", "uploads"] };

export const meta: MetaFunction = () => [{ title: "Create ITP | SiteProof" }];

/** The three ways to start an ITP, as link tabs (?source=), so each works without JavaScript. */
const SOURCES = ["library", "upload", "blank"] as const;
type Source = (typeof SOURCES)[number];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em } = await requireRoute(request);
  const url = new URL(request.url);
  const tabs = SOURCES.map((value) => ({ value, label: value }));
  const source = selectedLinkTab(url.searchParams, tabs, "source") as Source;
  return { source, templates: source === "library" ? await loadTemplateChoices(em, url) : null };
}

type ActionData =
  | { intent: "upload"; errors: string[] }
  | { intent: "template"; errors: string[] }
  | { intent: "blank"; reply: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? ""))
    return importWorkbook(context, request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  if (intent === "template") {
    // "Use this template" asks for the new ITP's title; its number is the project's next.
    const named = parseWithZod(formData, { schema: copyItpSchema });
    if (named.status !== "success") {
      const errors = await Promise.all(
        (named.error?.title ?? []).map((text) => translateMessage(context.locale, text)),
      );
      return data<ActionData>({ intent: "template", errors }, { status: 400 });
    }
    const itp = await createFromTemplate(context, formData.get("templateId"), named.value.title);
    if (!itp) {
      const errors = [await translateMessage(context.locale, "quality:itp.errors.templateGone")];
      return data<ActionData>({ intent: "template", errors }, { status: 400 });
    }
    return created(itp);
  }
  const submission = parseWithZod(formData, { schema: itpHeaderSchema });
  if (submission.status !== "success") {
    const reply = await translateReply(context.locale, submission.reply());
    return data<ActionData>({ intent: "blank", reply }, { status: 400 });
  }
  return created(await createBlankItp(context, submission.value));
}

async function importWorkbook(context: ProjectContext, request: Request) {
  const refuse = async (keys: string[]) =>
    data<ActionData>(
      {
        intent: "upload",
        errors: await Promise.all(keys.map((key) => translateMessage(context.locale, key))),
      },
      { status: 400 },
    );
  const upload = await readItpWorkbookUpload(request);
  if ("error" in upload) return refuse([upload.error]);
  if (!upload.workbook) return refuse(["quality:itp.import.noFile"]);
  const workbook = await readItpWorkbook(upload.workbook);
  if (!workbook.ok) return refuse(workbook.errors);
  return created(await createImportedItp(context, workbook.header, workbook.items));
}

const created = (itp: { id: string; number: string }) =>
  redirectWithToast(itpPath(itp.id), {
    type: "success",
    message: "quality:itp.toast.created",
    params: { number: itp.number },
  });

export default function CreateItpPage() {
  const { source, templates } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const { t } = useItpText();
  return (
    <div className="space-y-6">
      <Link to={ITP_PATH} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("quality:itp.create.back")}
      </Link>
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">{t("quality:itp.create.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{t("quality:itp.create.intro")}</p>
      </header>
      <LinkTabs
        label={t("quality:itp.create.tabs")}
        param="source"
        tabs={SOURCES.map((value) => ({ value, label: t(`quality:itp.create.${value}`) }))}
      >
        {source === "library" && templates ? (
          <LibraryChoices
            templates={templates}
            errors={actionData?.intent === "template" ? actionData.errors : undefined}
          />
        ) : null}
        {source === "upload" ? (
          <UploadForm errors={actionData?.intent === "upload" ? actionData.errors : undefined} />
        ) : null}
        {source === "blank" ? (
          <BlankForm lastResult={actionData?.intent === "blank" ? actionData.reply : undefined} />
        ) : null}
      </LinkTabs>
    </div>
  );
}

type TemplateRow = NonNullable<Awaited<ReturnType<typeof loadTemplateChoices>>>["rows"][number];

function LibraryChoices({
  templates,
  errors,
}: {
  templates: Awaited<ReturnType<typeof loadTemplateChoices>>;
  errors?: string[];
}) {
  const { t } = useItpText();
  const navigation = useNavigation();
  const columns: DataTableColumn<TemplateRow>[] = [
    { key: "title", header: t("quality:itp.create.templateTitle"), cell: (row) => row.title },
    {
      key: "discipline",
      header: t("quality:itp.fields.discipline"),
      cell: (row) => row.discipline ?? "-",
      className: "hidden md:table-cell",
    },
    {
      key: "items",
      header: t("quality:itp.fields.itemsCount"),
      cell: (row) => row.itemsCount,
      align: "right",
    },
    {
      key: "source",
      header: t("quality:itp.create.templateSource"),
      cell: (row) => row.source ?? "-",
      className: "hidden lg:table-cell",
    },
    {
      key: "use",
      header: <span className="sr-only">{t("quality:itp.create.use")}</span>,
      align: "right",
      cell: (row) => (
        // Asks for the new ITP's title first (prefilled): a disclosure, so it works without JavaScript.
        <details className="text-left">
          <summary
            className={buttonClass("secondary", "sm")}
            aria-label={t("quality:itp.create.useLabel", { title: row.title })}
          >
            {t("quality:itp.create.use")}
          </summary>
          <Form method="post" className="mt-2 space-y-2">
            <input type="hidden" name="intent" value="template" />
            <input type="hidden" name="templateId" value={row.id} />
            <label className="block text-xs font-medium text-slate-700">
              {t("quality:itp.copy.title")} *
              <input
                name="title"
                type="text"
                required
                maxLength={200}
                defaultValue={row.title}
                className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
              />
            </label>
            <p className="text-xs text-slate-600">{t("quality:itp.copy.hint")}</p>
            <Button type="submit" size="sm" disabled={navigation.state === "submitting"}>
              {t("quality:itp.copy.submit")}
            </Button>
          </Form>
        </details>
      ),
    },
  ];
  return (
    <div className="space-y-4">
      <FormAlert errors={errors} />
      <SearchBox
        label={t("quality:itp.create.librarySearch")}
        placeholder={t("quality:itp.create.librarySearchPlaceholder")}
      />
      <DataTable
        caption={t("quality:itp.create.library")}
        columns={columns}
        rows={templates.rows}
        rowKey={(row) => row.id}
        page={templates.page}
        pageSize={templates.pageSize}
        total={templates.total}
        empty={
          templates.q ? (
            <EmptyState title={t("quality:itp.list.noResults")} />
          ) : (
            <EmptyState item={t("quality:itp.create.libraryEmpty")} />
          )
        }
      />
    </div>
  );
}

function UploadForm({ errors }: { errors?: string[] }) {
  const { t } = useItpText();
  const navigation = useNavigation();
  return (
    <Form method="post" encType="multipart/form-data" className="max-w-2xl space-y-4">
      <p className="text-sm text-slate-600">{t("quality:itp.create.uploadIntro")}</p>
      <a href={`${ITP_PATH}/template.xlsx`} download className={buttonClass("link")}>
        {t("quality:itp.create.downloadTemplate")}
      </a>
      <input type="hidden" name="intent" value="upload" />
      <FileDrop
        label={t("quality:itp.create.file")}
        name="workbook"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        maxBytes={MAX_WORKBOOK_BYTES}
        required
      />
      {errors?.length ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <p className="font-medium">{t("quality:itp.create.importErrors")}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Button type="submit" loading={navigation.state === "submitting"}>
        {t("quality:itp.create.import")}
      </Button>
    </Form>
  );
}

function BlankForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useItpText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "itp-blank", lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <p className="text-sm text-slate-600">{t("quality:itp.create.blankIntro")}</p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="blank" />
      <ItpHeaderFields fields={fields as never} />
      <div className="flex justify-end">
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t("quality:itp.create.createBlank")}
        </Button>
      </div>
    </Form>
  );
}
