import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FormAlert, TextAreaField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { StatusBadge } from "~/app/ui/status-badge";
import { useLastPost } from "~/app/ui/use-last-post";
import { formatDate } from "~/app/utils/format";
import { message, parseMessage } from "~/app/utils/message-key";
import type { Locale } from "~/server/i18n/locale";
import { ROSTERING_LIMITS as L } from "../server/rostering-basics";
import { useRosteringText } from "./rostering-text";

type ConflictView = {
  key: string;
  kind: string;
  date: string;
  person: string | null;
  message: string;
  override: { reason: string; by: string | null; at: string } | null;
};

/** The message with its calendar days written as the reader writes dates ("Nov 19, 2026", "19/11/2026"). */
function withReadableDays(text: string, locale: Locale): string {
  const { key, params } = parseMessage(text);
  const readable = Object.entries(params).map(([name, value]) => [
    name,
    /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value, locale) : value,
  ]);
  return message(key, Object.fromEntries(readable));
}

/** What the roster breaks: each conflict with its message, and either its override or the form to override it. */
export function RosterConflicts({
  conflicts,
  blocking,
  canOverride,
}: {
  conflicts: ConflictView[];
  blocking: number;
  canOverride: boolean;
}) {
  const { t, locale, translate } = useRosteringText();
  return (
    <section aria-labelledby="roster-conflicts" className="space-y-3">
      <h2 id="roster-conflicts" className="text-lg font-semibold text-slate-900">
        {t("rostering:conflictPanel.title")}
      </h2>
      {conflicts.length === 0 ? (
        <p className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          {t("rostering:conflictPanel.none")}
        </p>
      ) : (
        <>
          <p
            className={`rounded-lg border p-3 text-sm ${blocking > 0 ? "border-red-200 bg-red-50 text-red-900" : "border-slate-200 bg-white text-slate-700"}`}
          >
            {blocking > 0
              ? t("rostering:conflictPanel.blocking", { count: blocking })
              : t("rostering:conflictPanel.allOverridden")}
          </p>
          <ul className="space-y-2">
            {conflicts.map((conflict) => (
              <li
                key={conflict.key}
                className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm"
                data-conflict={conflict.kind}
              >
                <p className="flex flex-wrap items-center gap-2">
                  <StatusBadge tone={conflict.override ? "neutral" : "danger"}>
                    {t(`rostering:conflicts.kinds.${conflict.kind}`)}
                  </StatusBadge>
                  <span className="text-slate-600">{formatDate(conflict.date, locale)}</span>
                </p>
                <p className="break-words text-slate-900">
                  {conflict.person ? <span className="font-medium">{conflict.person}: </span> : null}
                  {translate([withReadableDays(conflict.message, locale)])}
                </p>
                {conflict.override ? (
                  <div className="space-y-1 text-slate-600">
                    <p>
                      {t("rostering:conflictPanel.overriddenBy", {
                        name: conflict.override.by ?? "-",
                        date: formatDate(conflict.override.at, locale),
                      })}
                    </p>
                    <p className="whitespace-pre-line break-words">“{conflict.override.reason}”</p>
                    {canOverride ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove-override" />
                        <input type="hidden" name="conflictKey" value={conflict.key} />
                        <Button type="submit" size="sm" variant="ghost">
                          {t("rostering:conflictPanel.removeOverride")}
                        </Button>
                      </Form>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          {canOverride && blocking > 0 ? (
            <OverrideForm open={conflicts.filter((conflict) => !conflict.override)} />
          ) : null}
        </>
      )}
    </section>
  );
}

/** One form for every open conflict: which one, and why it may stand (lighter than a form each). */
function OverrideForm({ open }: { open: ConflictView[] }) {
  const { t, translate, locale } = useRosteringText();
  const last = useLastPost("override");
  return (
    <details open={Boolean(last)} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <summary className="cursor-pointer text-brand-700">{t("rostering:conflictPanel.override")}</summary>
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="override" />
        <FormAlert errors={translate(last?.formErrors)} />
        <NativeSelect
          label={t("rostering:conflictPanel.which")}
          name="conflictKey"
          defaultValue={last?.value("conflictKey") || undefined}
          options={open.map((conflict) => ({
            value: conflict.key,
            label: [
              t(`rostering:conflicts.kinds.${conflict.kind}`),
              conflict.person,
              formatDate(conflict.date, locale),
            ]
              .filter(Boolean)
              .join(" · "),
          }))}
          required
        />
        <TextAreaField
          label={`${t("rostering:conflictPanel.reason")} *`}
          errors={translate(last?.errors("reason"))}
          textareaProps={{
            name: "reason",
            required: true,
            maxLength: L.reason,
            rows: 2,
            defaultValue: last?.value("reason"),
          }}
        />
        <Button type="submit" size="sm" variant="secondary">
          {t("rostering:conflictPanel.overrideSubmit")}
        </Button>
      </Form>
    </details>
  );
}
