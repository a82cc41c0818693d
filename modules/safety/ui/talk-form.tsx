import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { FileDrop } from "~/app/ui/file-drop";
import { NativeSelect } from "~/app/ui/native-select";
import { SignaturePad } from "~/app/ui/signature-pad";
import { ATTENDANCE_STATUSES, type TalkKind } from "../domain/talk-fields";
import { BLANK_ATTENDEE_ROWS, TALK_LIMITS } from "../server/talk-basics";
import { useTalkText } from "./talk-text";

type Choice = { value: string; label: string };

export type TalkAttendeeValues = {
  id?: string;
  name: string;
  company: string;
  status: string;
  remark: string;
  signed?: boolean;
};

export type TalkFormDefaults = {
  kind?: string;
  title: string;
  heldOn: string;
  supervisorId: string;
  locationId: string;
  permitId?: string;
  workPackage: string;
  subActivity: string;
  talkingPoints: string;
  comment: string;
  signed?: boolean;
  attendees: TalkAttendeeValues[];
};

const str = (value: unknown) => (typeof value === "string" ? value : "");

/** The values a refused post sent back (conform's reply), in the form's shape. */
function sentBack(result: SubmissionResult<string[]> | null | undefined): TalkFormDefaults | null {
  const sent = result?.initialValue as Record<string, unknown> | undefined | null;
  if (!sent) return null;
  const rows = Array.isArray(sent.attendees) ? (sent.attendees as Record<string, unknown>[]) : [];
  return {
    kind: str(sent.kind),
    title: str(sent.title),
    heldOn: str(sent.heldOn),
    supervisorId: str(sent.supervisorId),
    locationId: str(sent.locationId),
    permitId: str(sent.permitId),
    workPackage: str(sent.workPackage),
    subActivity: str(sent.subActivity),
    talkingPoints: str(sent.talkingPoints),
    comment: str(sent.comment),
    attendees: rows
      .map((row) => ({
        id: str(row?.id) || undefined,
        name: str(row?.name),
        company: str(row?.company),
        status: str(row?.status),
        remark: str(row?.remark),
      }))
      .filter((row) => row.name || row.company || row.remark || row.id),
  };
}

/**
 * The talk form (create and edit): the talk's fields, its attendance as rows (the saved ones and a few blank
 * ones: no script needed to add people; more after saving), group photos and the supervisor's signature (the
 * core pad, or the name typed). One multipart post; works without JavaScript.
 */
export function TalkForm({
  mode,
  choices,
  lastResult,
  defaultValue,
  cancelTo,
}: {
  mode: "create" | "edit";
  choices: { members: Choice[]; locations: Choice[]; permits: Choice[]; kinds: TalkKind[] };
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue: TalkFormDefaults;
  cancelTo: string;
}) {
  const { t, translate } = useTalkText();
  const navigation = useNavigation();
  const values = { ...defaultValue, ...(sentBack(lastResult) ?? {}) };
  const errorsOf = (name: string) =>
    translate((lastResult?.error as Record<string, string[] | null> | undefined)?.[name] ?? null);
  const label = (name: string, required = false) => t(`safety:talk.fields.${name}`) + (required ? " *" : "");
  const rows: TalkAttendeeValues[] = [
    ...values.attendees,
    ...Array.from({ length: BLANK_ATTENDEE_ROWS }, () => ({ name: "", company: "", status: "", remark: "" })),
  ];
  const signedBefore = mode === "edit" && defaultValue.signed;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-6"
      // A refused post's values are the form's new defaults.
      key={lastResult ? JSON.stringify(lastResult.initialValue ?? {}).length : "initial"}
    >
      <FormAlert errors={translate(lastResult?.error?.[""] ?? null)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        {mode === "create" ? (
          <NativeSelect
            label={label("kind", true)}
            name="kind"
            placeholder={t("safety:talk.form.chooseKind")}
            defaultValue={values.kind || (choices.kinds.length === 1 ? choices.kinds[0] : undefined)}
            required
            options={choices.kinds.map((kind) => ({ value: kind, label: t(`safety:talk.kind.${kind}`) }))}
            errors={errorsOf("kind")}
          />
        ) : null}
        <DateField
          label={label("heldOn", true)}
          errors={errorsOf("heldOn")}
          inputProps={{ name: "heldOn", defaultValue: values.heldOn, required: true }}
        />
        <TextField
          className="sm:col-span-2"
          label={label("title", true)}
          errors={errorsOf("title")}
          inputProps={{
            name: "title",
            defaultValue: values.title,
            required: true,
            maxLength: TALK_LIMITS.title,
          }}
        />
        <NativeSelect
          label={label("supervisor")}
          name="supervisorId"
          placeholder={t("safety:talk.form.chooseSupervisor")}
          defaultValue={values.supervisorId || undefined}
          options={choices.members}
          errors={errorsOf("supervisorId")}
        />
        <NativeSelect
          label={label("location")}
          name="locationId"
          placeholder={t("safety:talk.form.chooseLocation")}
          defaultValue={values.locationId || undefined}
          options={choices.locations}
          errors={errorsOf("locationId")}
        />
        {choices.permits.length ? (
          <NativeSelect
            label={label("permit")}
            name="permitId"
            placeholder={t("safety:talk.form.choosePermit")}
            defaultValue={values.permitId || undefined}
            options={choices.permits}
            errors={errorsOf("permitId")}
          />
        ) : null}
        <TextField
          label={label("workPackage")}
          errors={errorsOf("workPackage")}
          inputProps={{
            name: "workPackage",
            defaultValue: values.workPackage,
            maxLength: TALK_LIMITS.workPackage,
          }}
        />
        <TextField
          label={label("subActivity")}
          errors={errorsOf("subActivity")}
          inputProps={{
            name: "subActivity",
            defaultValue: values.subActivity,
            maxLength: TALK_LIMITS.subActivity,
          }}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={label("talkingPoints")}
          errors={errorsOf("talkingPoints")}
          textareaProps={{ name: "talkingPoints", defaultValue: values.talkingPoints, rows: 5 }}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={label("comment")}
          errors={errorsOf("comment")}
          textareaProps={{ name: "comment", defaultValue: values.comment, rows: 3 }}
        />
      </div>

      <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold text-slate-900">
          {t("safety:talk.attendance.title")}
        </legend>
        <p className="text-xs text-slate-500">{t("safety:talk.form.attendanceHint")}</p>
        <FormAlert errors={errorsOf("attendees")} />
        <ol className="space-y-3">
          {rows.map((row, index) => {
            const at = (name: string) => `attendees[${index}].${name}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions of the form
              <li key={index} className="grid gap-2 border-t border-slate-100 pt-3 sm:grid-cols-4">
                {row.id ? <input type="hidden" name={at("id")} value={row.id} /> : null}
                <TextField
                  label={`${t("safety:talk.attendance.name")} ${index + 1}`}
                  errors={errorsOf(at("name"))}
                  inputProps={{
                    name: at("name"),
                    defaultValue: row.name,
                    readOnly: row.signed,
                    maxLength: TALK_LIMITS.name,
                  }}
                />
                <TextField
                  label={t("safety:talk.attendance.company")}
                  errors={errorsOf(at("company"))}
                  inputProps={{
                    name: at("company"),
                    defaultValue: row.company,
                    readOnly: row.signed,
                    maxLength: TALK_LIMITS.company,
                  }}
                />
                <NativeSelect
                  label={t("safety:talk.attendance.status")}
                  name={at("status")}
                  defaultValue={row.status || "present"}
                  options={ATTENDANCE_STATUSES.map((status) => ({
                    value: status,
                    label: t(`safety:talk.attendanceStatus.${status}`),
                  }))}
                  errors={errorsOf(at("status"))}
                />
                <TextField
                  label={t("safety:talk.attendance.remark")}
                  errors={errorsOf(at("remark"))}
                  inputProps={{ name: at("remark"), defaultValue: row.remark, maxLength: TALK_LIMITS.remark }}
                />
                {row.signed ? (
                  <p className="text-xs text-green-700 sm:col-span-4">
                    {t("safety:talk.attendance.signedRow")}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      </fieldset>

      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <FileDrop
          label={label("photos")}
          name="photos"
          accept="image/*,video/*"
          multiple
          hint={t("safety:talk.form.photosHint")}
          errors={errorsOf("photos")}
        />
        <SignaturePad
          label={label("signature")}
          name="signature"
          errors={errorsOf("signature") ?? errorsOf("signatureTypedName")}
        />
        {signedBefore ? <p className="text-xs text-slate-500">{t("safety:talk.form.signedBefore")}</p> : null}
      </div>

      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("safety:talk.form.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(mode === "create" ? "safety:talk.form.create" : "safety:talk.form.save")}
        </Button>
      </div>
    </Form>
  );
}
