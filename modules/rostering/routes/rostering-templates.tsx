import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert, TextField } from "~/app/ui/field";
import { FileDrop } from "~/app/ui/file-drop";
import { PageHeader } from "~/app/ui/page-header";
import { requireRoute } from "~/server/permissions/guard.server";
import {
  ACCOMMODATION_PATH,
  CREWS_PATH,
  PERSONNEL_PATH,
  ROSTERS_PATH,
  TEMPLATES_PATH,
} from "../server/rostering-basics";
import {
  importPermission,
  importTemplate,
  isTemplateKind,
  templateDownload,
} from "../server/templates.server";
import { useRosteringText } from "../ui/rostering-text";

export const handle = { i18n: ["rostering", "common", "uploads", "ui"] };

export const meta: MetaFunction = () => [{ title: "Import a template | SiteProof" }];

const BACK = {
  PersonnelTemplate: PERSONNEL_PATH,
  CrewTemplate: CREWS_PATH,
  RosterTemplate: ROSTERS_PATH,
  AccommodationTemplate: ACCOMMODATION_PATH,
} as const;

/** GET ?mode=template|export: the workbook; without a mode: the import page (for those who may import). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const kind = params.kind;
  if (!isTemplateKind(kind)) throw new Response("Not found", { status: 404 });
  const mode = new URL(request.url).searchParams.get("mode");
  if (mode === "template" || mode === "export") {
    if (kind === "AccommodationTemplate" && !context.can("rostering.accommodation.view"))
      throw new Response("Forbidden", { status: 403 });
    return templateDownload(context, kind, mode);
  }
  if (!context.can(importPermission(kind))) throw new Response("Forbidden", { status: 403 });
  return { kind };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const kind = params.kind;
  if (!isTemplateKind(kind)) throw new Response("Not found", { status: 404 });
  if (!context.can(importPermission(kind))) throw new Response("Forbidden", { status: 403 });
  return importTemplate(context, kind, request);
}

/** Import a filled template: everything or nothing, with every bad row named. */
export default function RosteringTemplateImportPage() {
  const { kind } = useLoaderData<{ kind: keyof typeof BACK }>();
  const last = useActionData<{ error?: Record<string, string[]> }>();
  const navigation = useNavigation();
  const { t, translate } = useRosteringText();
  const errors = last?.error ?? {};
  return (
    <div className="space-y-6">
      <Link to={BACK[kind]} className="text-sm text-brand-700 hover:underline">
        {t("rostering:templates.back")}
      </Link>
      <PageHeader
        title={t("rostering:templates.importTitle", { kind: t(`rostering:templates.kinds.${kind}`) })}
        description={t("rostering:templates.importIntro")}
        actions={
          <a
            href={`${TEMPLATES_PATH}/${kind}?mode=template`}
            className={buttonClass("secondary", "sm")}
            download
          >
            {t("rostering:templateLinks.template")}
          </a>
        }
      />
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        {kind === "RosterTemplate" ? (
          <TextField
            label={`${t("rostering:rosters.fields.name")} *`}
            errors={translate(errors.rosterName)}
            inputProps={{ name: "rosterName", required: true, maxLength: 120 }}
          />
        ) : null}
        <FileDrop
          label={`${t("rostering:templates.file")} *`}
          name="file"
          accept=".xlsx"
          hint={t("rostering:templates.fileHint")}
        />
        <div role="alert" aria-live="polite">
          <FormAlert errors={translate(errors.file)} />
        </div>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t("rostering:templates.importSubmit")}
        </Button>
      </Form>
    </div>
  );
}
