import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EditInPlace } from "~/app/ui/edit-in-place";
import { EmptyState } from "~/app/ui/empty-state";
import { PageHeader } from "~/app/ui/page-header";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { SCHEDULE_CARDS_PATH } from "../server/rostering-basics";
import { loadScheduleCards, scheduleCardAction } from "../server/schedule-cards.server";
import { RegisterRecord } from "../ui/register-record";
import { useRosteringText } from "../ui/rostering-text";
import { ScheduleCardForm, ScheduleCardGroupForm } from "../ui/schedule-card-forms";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction = () => [{ title: "Schedule cards | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadScheduleCards(await requireRoute(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  return scheduleCardAction(context, requireIntent(context, formData), formData);
}

type Refusal = { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };

/**
 * /rostering/rostering/schedule-cards (decision 046): the project's schedule card groups, each with its cards
 * (name, day or night, start–end, hours). A roster chooses a day and a night card on its page.
 */
export default function ScheduleCardsPage() {
  const { groups, can } = useLoaderData<typeof loader>();
  const { t, translate } = useRosteringText();
  const last = useActionData<Refusal | undefined>();
  // A refused delete shows its message in its own confirmation (the group or the card it named).
  const refusedDelete = (intent: string, field: string, id: string) =>
    last?.initialValue?.intent === intent && last.initialValue[field] === id
      ? translate(last.error?.[""] ?? null)
      : null;
  const groupChoices = groups.map((group) => ({ value: group.id, label: group.name }));
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("rostering:scheduleCards.title")}
        description={t("rostering:scheduleCards.intro")}
      />
      {can.createGroup ? (
        <EditInPlace recordId="new-group" label={t("rostering:scheduleCards.addGroup")}>
          {(action) => (
            <ScheduleCardGroupForm
              values={{ name: "", description: "" }}
              submit={t("rostering:scheduleCards.addGroup")}
              action={action}
            />
          )}
        </EditInPlace>
      ) : null}
      {groups.length === 0 ? (
        <EmptyState
          title={t("rostering:scheduleCards.none")}
          description={t("rostering:scheduleCards.noneHint")}
        />
      ) : (
        groups.map((group) => (
          <section
            key={group.id}
            aria-labelledby={`group-${group.id}`}
            className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm"
            data-group={group.name}
          >
            <div>
              <h2 id={`group-${group.id}`} className="text-base font-semibold text-slate-900">
                {group.name}
              </h2>
              {group.description ? (
                <p className="whitespace-pre-line break-words text-slate-600">{group.description}</p>
              ) : null}
            </div>
            {group.cards.length === 0 ? (
              <p className="text-slate-600">{t("rostering:scheduleCards.noCards")}</p>
            ) : (
              <ul
                className="divide-y divide-slate-100"
                aria-label={t("rostering:scheduleCards.cardsOf", { name: group.name })}
              >
                {group.cards.map((card) => (
                  <RegisterRecord
                    key={card.id}
                    className="space-y-2 py-2"
                    data-card={card.name}
                    recordId={card.id}
                    editLabel={t("rostering:scheduleCards.editCard")}
                    canEdit={can.editCard}
                    form={(action) => (
                      <ScheduleCardForm
                        cardId={card.id}
                        values={card.values}
                        groups={groupChoices}
                        submit={t("rostering:save")}
                        action={action}
                      />
                    )}
                    canDelete={can.deleteCard}
                    remove={{
                      summary: t("rostering:scheduleCards.deleteCard"),
                      action: SCHEDULE_CARDS_PATH,
                      intent: "delete-card",
                      fields: { cardId: card.id },
                      submitLabel: t("rostering:scheduleCards.deleteTitle", { name: card.name }),
                      errors: refusedDelete("delete-card", "cardId", card.id),
                    }}
                  >
                    <p className="flex flex-wrap items-baseline gap-x-2">
                      <span className="font-medium text-slate-900">{card.name}</span>
                      <span className="text-slate-600">
                        {t(`rostering:shift.${card.kind}`)} · {card.times} ·{" "}
                        {t("rostering:scheduleCards.hours", { count: card.hours })}
                      </span>
                      {card.rosters > 0 ? (
                        <span className="text-slate-500">
                          {t("rostering:scheduleCards.usedBy", { count: card.rosters })}
                        </span>
                      ) : null}
                    </p>
                  </RegisterRecord>
                ))}
              </ul>
            )}
            <RegisterRecord
              as="div"
              className="flex flex-col gap-2 border-t border-slate-100 pt-3"
              recordId={group.id}
              editLabel={t("rostering:scheduleCards.editGroup")}
              canEdit={can.editGroup}
              form={(action) => (
                <ScheduleCardGroupForm
                  groupId={group.id}
                  values={group.values}
                  submit={t("rostering:save")}
                  action={action}
                />
              )}
              canDelete={can.deleteGroup}
              remove={{
                summary: t("rostering:scheduleCards.deleteGroup"),
                action: SCHEDULE_CARDS_PATH,
                intent: "delete-group",
                fields: { groupId: group.id },
                warning: t("rostering:scheduleCards.deleteGroupWarning", { count: group.cards.length }),
                submitLabel: t("rostering:scheduleCards.deleteTitle", { name: group.name }),
                errors: refusedDelete("delete-group", "groupId", group.id),
              }}
            >
              {can.createCard ? (
                <EditInPlace recordId={`new-card-${group.id}`} label={t("rostering:scheduleCards.addCard")}>
                  {(action) => (
                    <ScheduleCardForm
                      values={{ groupId: group.id, name: "", kind: "day", startTime: "", hours: "" }}
                      groups={groupChoices}
                      submit={t("rostering:scheduleCards.addCard")}
                      action={action}
                    />
                  )}
                </EditInPlace>
              ) : null}
            </RegisterRecord>
          </section>
        ))
      )}
    </div>
  );
}
