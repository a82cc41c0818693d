import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert, TextField } from "~/app/ui/field";
import { FileDrop } from "~/app/ui/file-drop";
import { NativeSelect } from "~/app/ui/native-select";
import { requireRoute } from "~/server/permissions/guard.server";
import { CALENDAR_PATH, CALENDAR_TEMPLATE_PATH } from "../server/calendar-basics";
import { uploadCalendar } from "../server/calendar-upload.server";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "uploads", "ui"] };

export const meta: MetaFunction = () => [{ title: "Add calendar | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  return null;
}

/** A multipart post: the name, the side and the file (.xlsx or .ics, 5 MB). */
export async function action({ request }: ActionFunctionArgs) {
  return uploadCalendar(await requireRoute(request), request);
}

/** Add a calendar by upload: an XLSX from the template, or an iCalendar (.ics) file. */
export default function CalendarUploadPage() {
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t, translate } = useUpstreamText();
  const navigation = useNavigation();
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | undefined>;
  const sent = (lastResult?.initialValue ?? {}) as Record<string, string | undefined>;
  const u = (name: string) => t(`cost-and-commercial:calendar.upload.${name}`);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{u("title")}</h1>
      <p className="text-sm text-slate-600">
        {u("intro")}{" "}
        <a href={CALENDAR_TEMPLATE_PATH} className="font-medium text-brand-700 hover:underline" download>
          {u("template")}
        </a>
      </p>
      <Form method="post" encType="multipart/form-data" noValidate className="space-y-6">
        <FormAlert errors={translate(errors[""])} />
        <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <TextField
            label={`${u("name")} *`}
            errors={translate(errors.name)}
            inputProps={{ name: "name", defaultValue: sent.name ?? "", maxLength: 200, required: true }}
          />
          <NativeSelect
            label={`${t("cost-and-commercial:calendar.fields.side")} *`}
            name="side"
            defaultValue={sent.side ?? "upstream"}
            options={["upstream", "downstream"].map((side) => ({
              value: side,
              label: t(`cost-and-commercial:calendar.sides.${side}`),
            }))}
            errors={translate(errors.side)}
          />
          <FileDrop
            className="sm:col-span-2"
            label={`${u("file")} *`}
            name="file"
            accept=".xlsx,.ics,text/calendar"
            hint={u("fileHint")}
            errors={translate(errors.file)}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={CALENDAR_PATH} className={buttonClass("secondary")}>
            {t("cost-and-commercial:calendar.cancel")}
          </Link>
          <Button type="submit" loading={navigation.state === "submitting"}>
            {u("save")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
