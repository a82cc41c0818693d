import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { MEETINGS_PATH } from "../server/talk-basics";
import { createTalk, talkFormChoices } from "../server/talks.server";
import { TalkForm } from "../ui/talk-form";
import { useTalkText } from "../ui/talk-text";

export const handle = { i18n: ["safety", "common", "uploads", "ui"] };

export const meta: MetaFunction = () => [{ title: "New talk | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const choices = await talkFormChoices(context, "create");
  const asked = new URL(request.url).searchParams.get("kind");
  return {
    choices,
    kind: choices.kinds.find((kind) => kind === asked) ?? "",
    today: new Date().toISOString().slice(0, 10),
  };
}

/** A multipart post (the fields, the attendance and the group photos): read by the core's parseUpload. */
export async function action({ request }: ActionFunctionArgs) {
  return createTalk(await requireRoute(request), request);
}

export default function CreateTalkPage() {
  const { choices, kind, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useTalkText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("safety:talk.form.createTitle")}</h1>
      <TalkForm
        mode="create"
        choices={choices}
        lastResult={lastResult}
        cancelTo={kind ? `${MEETINGS_PATH}?tab=${kind}` : MEETINGS_PATH}
        defaultValue={{
          kind,
          title: "",
          heldOn: today,
          supervisorId: "",
          locationId: "",
          workPackage: "",
          subActivity: "",
          talkingPoints: "",
          comment: "",
          attendees: [],
        }}
      />
    </div>
  );
}
