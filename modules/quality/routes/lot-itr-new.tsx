import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { FileDrop } from "~/app/ui/file-drop";
import { requireRoute } from "~/server/permissions/guard.server";
import { ALLOWED_EXTENSIONS } from "~/server/uploads/file-types";
import { ITR_LIMITS } from "../server/lot-itr-rules";
import { loadNewItrPage, uploadItr } from "../server/lot-itrs.server";
import { type RefusedForm, useReportMessages } from "../ui/lot-itp-messages";

export const handle = { i18n: ["quality", "common", "uploads", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.lot.number ?? "Lot"} Upload ITR | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  return loadNewItrPage(context, params.lotId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  return uploadItr(context, params.lotId, request);
}

const ACCEPT = ALLOWED_EXTENSIONS.map((extension) => `.${extension}`).join(",");

export default function NewItrPage() {
  const { lot, lockedMessage, maxBytes } = useLoaderData<typeof loader>();
  const refused = (useActionData<typeof action>() ?? null) as RefusedForm | null;
  const navigation = useNavigation();
  const { t, errorsOf } = useReportMessages();
  const back = `/quality/lot/${lot.id}/itp`;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link to={back} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("quality:report.itr.back")}
      </Link>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold text-slate-900">{t("quality:report.itr.newTitle")}</h1>
        <p className="text-sm text-slate-600">
          {t("quality:report.itr.newIntro", { number: `${lot.number} ${lot.title}` })}
        </p>
      </header>
      {lockedMessage ? <FormAlert errors={[t(lockedMessage)]} /> : null}
      <Form method="post" encType="multipart/form-data" className="space-y-4" noValidate={false}>
        <FormAlert errors={errorsOf(refused?.result)} />
        <TextField
          label={t("quality:report.itr.title")}
          errors={errorsOf(refused?.result, "title")}
          inputProps={{ name: "title", required: true, maxLength: ITR_LIMITS.title, type: "text" }}
        />
        <TextAreaField
          label={t("quality:report.itr.description")}
          errors={errorsOf(refused?.result, "description")}
          textareaProps={{ name: "description", maxLength: ITR_LIMITS.description }}
        />
        <FileDrop
          label={t("quality:report.itr.files")}
          name="files"
          multiple
          required
          accept={ACCEPT}
          maxBytes={maxBytes}
          errors={errorsOf(refused?.result, "files")}
        />
        <div className="flex justify-end gap-2">
          <Link to={back} className={buttonClass("secondary")}>
            {t("quality:report.itr.cancel")}
          </Link>
          <Button type="submit" disabled={lockedMessage !== null} loading={navigation.state === "submitting"}>
            {t("quality:report.itr.save")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
