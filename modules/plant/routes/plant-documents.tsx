import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextField } from "~/app/ui/field";
import { FileDrop } from "~/app/ui/file-drop";
import { NativeSelect } from "~/app/ui/native-select";
import { requireRoute } from "~/server/permissions/guard.server";
import { DOCUMENT_KINDS } from "../domain/plant-rules";
import { PLANT_LIMITS, plantPath } from "../server/plant-basics";
import { addDocument, canKeepDocuments } from "../server/plant-records.server";
import { plantById } from "../server/plants.server";
import { usePlantText } from "../ui/plant-text";

export const handle = { i18n: ["plant", "common", "uploads"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Add a document to ${data?.number ?? "plant"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const plant = await plantById(context, params.id);
  if (!canKeepDocuments(context, plant)) throw new Response("Forbidden", { status: 403 });
  return { id: plant.id, number: plant.number };
}

/** A multipart post (the fields and the file): read by the core's parseUpload, not readForm. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return addDocument(context, await plantById(context, params.id), request);
}

export default function AddPlantDocumentPage() {
  const { id, number } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t, translate } = usePlantText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "plant-document", lastResult });
  const fileErrors = (lastResult?.error as Record<string, string[]> | undefined)?.file;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("plant:documents.addTitle", { number })}</h1>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        noValidate
        className="space-y-6"
      >
        <FormAlert id={form.errorId} errors={translate(form.errors)} />
        <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <NativeSelect
            label={`${t("plant:documents.kind")} *`}
            name="kind"
            placeholder={t("plant:filters.any")}
            defaultValue={fields.kind.initialValue as string | undefined}
            options={DOCUMENT_KINDS.map((kind) => ({
              value: kind,
              label: t(`plant:documents.kinds.${kind}`),
            }))}
            required
            errors={translate(fields.kind.errors)}
          />
          <TextField
            label={`${t("plant:documents.documentTitle")} *`}
            errors={translate(fields.title.errors)}
            inputProps={{
              name: "title",
              type: "text",
              maxLength: PLANT_LIMITS.title,
              required: true,
              defaultValue: fields.title.initialValue as string | undefined,
            }}
          />
          <DateField
            label={t("plant:documents.expiryDate")}
            errors={translate(fields.expiryDate.errors)}
            inputProps={{
              name: "expiryDate",
              defaultValue: fields.expiryDate.initialValue as string | undefined,
            }}
          />
          <FileDrop
            label={t("plant:documents.file")}
            name="file"
            accept=".pdf,.doc,.docx,.xls,.xlsx,image/*"
            hint={t("plant:documents.fileHint")}
            errors={translate(fileErrors)}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={plantPath(id, "documents")} className={buttonClass("secondary")}>
            {t("plant:form.cancel")}
          </Link>
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t("plant:documents.save")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
