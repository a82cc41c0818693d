import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextAreaField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { PageHeader } from "~/app/ui/page-header";
import { readForm } from "~/server/http/form.server";
import { projectMemberChoices } from "~/server/members/project-members.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { DIARY_LIMITS } from "../domain/diary-fields";
import { diaryLocationChoices, projectToday } from "../server/diaries.server";
import { DIARY_INTENTS, DIARY_PATH, DIARY_WHOLE_PROJECT, diaryPath } from "../server/diary-basics";
import { createDiaryFromForm, type DiaryCreateReply, openTodaysDiary } from "../server/diary-create.server";
import { useDiaryText } from "../ui/diary-status";

export const handle = { i18n: ["operation", "common"] };

export const meta: MetaFunction = () => [{ title: "New site diary | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const [today, locations, members] = await Promise.all([
    projectToday(context),
    diaryLocationChoices(context.em, context.project.id),
    projectMemberChoices(context.em, context.project.id),
  ]);
  return { today, locations, members };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  if (intent === DIARY_INTENTS.openToday) return openTodaysDiary(context, formData);
  return createDiaryFromForm(context, formData);
}

/** A diary of a chosen day and place (the register's "Open today's diary" posts here too). */
export default function SiteDiaryCreatePage() {
  const { today, locations, members } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as DiaryCreateReply | undefined;
  const navigation = useNavigation();
  const { t, translate } = useDiaryText();
  const errors = (reply?.error ?? {}) as Record<string, string[] | undefined>;
  const initial = (reply?.initialValue ?? {}) as Record<string, string | undefined>;
  const field = (name: string) => t(`operation:diary.fields.${name}`);
  return (
    <div className="space-y-6">
      <Link to={DIARY_PATH} className="inline-block text-sm font-medium text-brand-700 hover:underline">
        ← {t("operation:diary.detail.back")}
      </Link>
      <PageHeader title={t("operation:diary.create.title")} description={t("operation:diary.create.intro")} />
      <Form
        method="post"
        className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-4"
        aria-label={t("operation:diary.register.openToday")}
      >
        <input type="hidden" name="intent" value={DIARY_INTENTS.openToday} />
        <NativeSelect
          label={t("operation:diary.register.openTodayLocation")}
          name="locationId"
          defaultValue={DIARY_WHOLE_PROJECT}
          options={[
            { value: DIARY_WHOLE_PROJECT, label: t("operation:diary.register.wholeProject") },
            ...locations,
          ]}
        />
        <Button type="submit" variant="secondary">
          {t("operation:diary.register.openToday")}
        </Button>
      </Form>
      <Form method="post" className="space-y-6">
        <input type="hidden" name="intent" value={DIARY_INTENTS.create} />
        <FormAlert errors={translate(errors[""])} />
        {reply?.existing ? (
          <p>
            <Link to={diaryPath(reply.existing.id)} className="font-medium text-brand-700 hover:underline">
              {t("operation:diary.create.openExisting", { number: reply.existing.number })}
            </Link>
          </p>
        ) : null}
        <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <DateField
            label={`${field("formDate")} *`}
            errors={translate(errors.formDate)}
            inputProps={{ name: "formDate", defaultValue: initial.formDate ?? today, required: true }}
          />
          <NativeSelect
            label={field("location")}
            name="locationId"
            placeholder={t("operation:diary.create.chooseLocation")}
            defaultValue={initial.locationId}
            options={locations}
            errors={translate(errors.locationId)}
          />
          <NativeSelect
            label={field("assignee")}
            name="assigneeId"
            placeholder={t("operation:diary.create.chooseAssignee")}
            defaultValue={initial.assigneeId}
            options={members}
            errors={translate(errors.assigneeId)}
          />
          <TextAreaField
            className="sm:col-span-2"
            label={field("description")}
            errors={translate(errors.description)}
            textareaProps={{
              name: "description",
              defaultValue: initial.description,
              rows: 3,
              maxLength: DIARY_LIMITS.description,
            }}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={DIARY_PATH} className={buttonClass("secondary")}>
            {t("operation:diary.create.cancel")}
          </Link>
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t("operation:diary.create.submit")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
