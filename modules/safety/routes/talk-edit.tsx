import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { talkPath } from "../server/talk-basics";
import { editTalk, requireTalkEdit, talkById, talkFormChoices, talkFormValues } from "../server/talks.server";
import { TalkForm } from "../ui/talk-form";
import { useTalkText } from "../ui/talk-text";

export const handle = { i18n: ["safety", "common", "uploads", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.number ?? "talk"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const talk = await talkById(context, params.id);
  requireTalkEdit(context, talk);
  return {
    id: talk.id,
    number: talk.number,
    values: await talkFormValues(context.em, talk),
    choices: await talkFormChoices(context, "edit"),
  };
}

/** A multipart post (the fields, the attendance and more group photos). */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const talk = await talkById(context, params.id);
  requireTalkEdit(context, talk);
  return editTalk(context, talk, request);
}

export default function EditTalkPage() {
  const { id, number, values, choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useTalkText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("safety:talk.form.editTitle", { number })}</h1>
      <TalkForm
        mode="edit"
        choices={choices}
        lastResult={lastResult}
        defaultValue={values}
        cancelTo={talkPath(id)}
      />
    </div>
  );
}
