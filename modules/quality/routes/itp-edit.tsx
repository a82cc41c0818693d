import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert } from "~/app/ui/field";
import { readForm } from "~/server/http/form.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { translateReply } from "~/server/settings/form-errors.server";
import type { IItp } from "../entities";
import { itpEditSchema, itpPath } from "../server/itp-rules";
import { itpById, loadItpForEdit, saveItp } from "../server/itps.server";
import { ItpHeaderFields, ItpItemsEditor } from "../ui/itp-form";
import { useItpText } from "../ui/itp-view";

export const handle = { i18n: ["quality"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.itp.number ?? "ITP"} | SiteProof` },
];

/** Only a draft changes: what Quality or the client reviewed must stay as they saw it. */
const onlyDraft = (itp: IItp) =>
  redirectWithToast(itpPath(itp.id), { type: "error", message: "quality:itp.toast.onlyDraft" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em } = await requireRoute(request, params);
  const itp = await itpById(em, params.id);
  if (itp.status !== "draft") throw await onlyDraft(itp);
  return {
    itp: { id: itp.id, number: itp.number, title: itp.title },
    defaults: await loadItpForEdit(em, itp),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  const itp = await itpById(context.em, params.id);
  if (itp.status !== "draft") return onlyDraft(itp);
  const submission = parseWithZod(await readForm(request), { schema: itpEditSchema });
  // Add, remove and move come back as replies with the changed list (the page without JavaScript).
  if (submission.status !== "success") {
    const reply = await translateReply(context.locale, submission.reply());
    return data(reply, { status: submission.status === "error" ? 400 : 200 });
  }
  const saved = await saveItp(context, itp, submission.value);
  if (!saved.ok) {
    const reply = await translateReply(context.locale, submission.reply({ fieldErrors: saved.fieldErrors }));
    return data(reply, { status: 400 });
  }
  return redirectWithToast(itpPath(itp.id), {
    type: "success",
    message: "quality:itp.toast.saved",
    params: { number: itp.number },
  });
}

export default function EditItpPage() {
  const { itp, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useItpText();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "itp-edit",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
  });
  return (
    <div className="space-y-6">
      <Link to={itpPath(itp.id)} className="text-sm font-medium text-brand-700 hover:underline">
        ← {itp.number} {itp.title}
      </Link>
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("quality:itp.edit.title", { number: itp.number })}
      </h1>
      <Form method="post" {...getFormProps(form)} className="space-y-8">
        {/* Enter in a field presses the form's first submit button: make it Save, not an item's Move/Remove. */}
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden>
          {t("quality:itp.actions.save")}
        </button>
        <FormAlert id={form.errorId} errors={form.errors} />
        <section aria-labelledby="edit-header" className="space-y-4">
          <h2 id="edit-header" className="text-lg font-semibold text-slate-900">
            {t("quality:itp.edit.header")}
          </h2>
          <ItpHeaderFields fields={fields as never} />
        </section>
        <section aria-labelledby="edit-items" className="space-y-4">
          <div>
            <h2 id="edit-items" className="text-lg font-semibold text-slate-900">
              {t("quality:itp.edit.items")}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t("quality:itp.edit.itemsIntro")}</p>
          </div>
          <ItpItemsEditor form={form} items={fields.items as never} />
        </section>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={itpPath(itp.id)} className={buttonClass("secondary")}>
            {t("quality:itp.actions.cancel")}
          </Link>
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t("quality:itp.actions.save")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
