import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/ui/button";
import type { HomeTab } from "~/server/extensions/contracts";

type CardChoice = { key: string; title: string; hidden: boolean };

/**
 * One tab's cards: a tick to show each, its place as a number, and Move up / Move down buttons that save the
 * ticks too. Plain form posts, so it works without JavaScript.
 */
export function WidgetSettingsForm({
  tab,
  cards,
  lastResult,
}: {
  tab: HomeTab;
  cards: CardChoice[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation(["home", "common"]);
  const [form, fields] = useForm({ id: `home-widgets-${tab}`, lastResult });
  const errors = [...(form.errors ?? []), ...(fields.position.errors ?? []), ...(fields.key.errors ?? [])];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="tab" value={tab} />
      {errors.length > 0 ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {t([...new Set(errors)][0])}
        </div>
      ) : null}
      <ol className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200">
        {cards.map((card, index) => {
          const id = `widget-${card.key.replace(/[^a-z0-9-]/gi, "-")}`;
          return (
            <li key={card.key} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <input type="hidden" name="key" value={card.key} />
              <label htmlFor={`${id}-shown`} className="flex min-w-0 flex-1 items-center gap-2">
                <input
                  id={`${id}-shown`}
                  type="checkbox"
                  name="shown"
                  value={card.key}
                  defaultChecked={!card.hidden}
                  className="size-4"
                />
                <span className="truncate">{card.title}</span>
              </label>
              <label htmlFor={`${id}-position`} className="flex items-center gap-1 text-sm text-slate-600">
                {t("home:settings.position")}
                <input
                  id={`${id}-position`}
                  type="number"
                  name="position"
                  min={1}
                  max={99}
                  defaultValue={index + 1}
                  className="h-9 w-16 rounded-md border border-slate-300 px-2"
                />
              </label>
              <span className="flex gap-1">
                <Button
                  type="submit"
                  name="move"
                  value={`up:${card.key}`}
                  size="sm"
                  variant="secondary"
                  disabled={index === 0}
                  aria-label={t("home:settings.moveUp", { title: card.title })}
                >
                  ↑
                </Button>
                <Button
                  type="submit"
                  name="move"
                  value={`down:${card.key}`}
                  size="sm"
                  variant="secondary"
                  disabled={index === cards.length - 1}
                  aria-label={t("home:settings.moveDown", { title: card.title })}
                >
                  ↓
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button type="submit">{t("home:settings.save")}</Button>
        <Link
          to={`/home-view/home${tab === "overview" ? "" : `?tab=${tab}`}`}
          className="self-center text-sm text-brand-700 hover:underline"
        >
          {t("home:settings.back")}
        </Link>
      </div>
    </Form>
  );
}
