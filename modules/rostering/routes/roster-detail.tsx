import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { ConfirmInPlaceForm } from "~/app/ui/confirm-in-place-form";
import { EditInPlace } from "~/app/ui/edit-in-place";
import { FormAlert } from "~/app/ui/field";
import { PageHeader } from "~/app/ui/page-header";
import { formatDate } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { eachDay } from "../domain/days";
import { bookRosterRooms, rosterRoomChoices } from "../server/accommodation-roster.server";
import { sendRosterLink } from "../server/roster-link.server";
import { ROSTERS_PATH, rosterPath, rosterTravelPath } from "../server/rostering-basics";
import { loadRoster, rosterAction, rosterOf } from "../server/rosters.server";
import { setRosterCards } from "../server/schedule-cards.server";
import { RosterCardsForm } from "../ui/roster-cards-form";
import { RosterConflicts } from "../ui/roster-conflicts";
import { RosterDayForms } from "../ui/roster-day-forms";
import { RosterGrid } from "../ui/roster-grid";
import { RosterStatusBadge, useRosteringText } from "../ui/rostering-text";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction = () => [{ title: "Roster | SiteProof" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  // The people, rooms and schedule cards to choose from only when their panel is open
  // (?edit=people|rooms|shift-times): they weigh more than the rest of the page.
  const panel = new URL(request.url).searchParams.get("edit");
  const [page, rooms] = await Promise.all([
    loadRoster(context, params.rosterId, { withCardChoices: panel === "shift-times" }),
    panel === "rooms" && context.can("rostering.accommodation.edit") ? rosterRoomChoices(context) : [],
  ]);
  return {
    ...page,
    rooms,
    choices: { ...page.choices, people: panel === "people" ? page.choices.people : [] },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  // The roster first: another project's roster is a 404 whatever the intent.
  const roster = await rosterOf(context, params.rosterId);
  if (intent === "send-link") {
    const sent = await sendRosterLink(context, roster.id, formData);
    return data({ intent, ...sent }, { status: "error" in sent ? 400 : 200 });
  }
  if (intent === "book-rooms") return bookRosterRooms(context, roster.id, formData);
  if (intent === "set-cards") return setRosterCards(context, roster, formData);
  return rosterAction(context, params.rosterId, intent, formData);
}

type SentLink = { intent: "send-link"; link?: string; person?: string; mailed?: boolean; error?: string };

/** A roster: its days per person, its conflicts (each resolved or overridden with a reason), publishing. */
export default function RosterDetailPage() {
  const { roster, people, conflicts, blocking, choices, can, rooms } = useLoaderData<typeof loader>();
  const days = eachDay(roster.startsOn, roster.endsOn);
  const last = useActionData<
    SentLink | { intent: string; error?: { [field: string]: string[] } } | undefined
  >();
  const { t, translate, locale } = useRosteringText();
  const conflictDays = new Map<string, Set<string>>();
  for (const conflict of conflicts)
    if (conflict.personId && !conflict.override) {
      const set = conflictDays.get(conflict.personId) ?? new Set<string>();
      set.add(conflict.date);
      conflictDays.set(conflict.personId, set);
    }
  const publishErrors =
    last && "error" in last && last.error && typeof last.error === "object"
      ? translate(last.error[""])
      : null;
  const sent = last?.intent === "send-link" ? (last as SentLink) : null;
  return (
    <div className="space-y-6">
      <Link to={`${ROSTERS_PATH}?tab=${roster.kind}`} className="text-sm text-brand-700 hover:underline">
        {t("rostering:back.rosters")}
      </Link>
      <PageHeader
        title={roster.name}
        meta={<RosterStatusBadge status={roster.status} />}
        description={[
          `${formatDate(roster.startsOn, locale)} – ${formatDate(roster.endsOn, locale)}`,
          t(`rostering:rosters.tabs.${roster.kind}`),
          roster.who,
          roster.allocation
            ? t("rostering:rosters.forAllocation", {
                role: roster.allocation.role,
                count: roster.allocation.peopleNeeded,
              })
            : null,
        ]
          .filter(Boolean)
          .join(" · ")}
        actions={
          <div className="flex flex-wrap gap-2">
            {can.travel ? (
              <Link to={rosterTravelPath(roster.id)} className="btn btn-secondary btn-sm">
                {t("rostering:rosters.travel")}
              </Link>
            ) : null}
            {can.publish && roster.status === "draft" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="publish" />
                <Button type="submit" size="sm">
                  {t("rostering:rosters.publish")}
                </Button>
              </Form>
            ) : null}
            {can.publish && roster.status === "published" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="unpublish" />
                <Button type="submit" size="sm" variant="secondary">
                  {t("rostering:rosters.unpublish")}
                </Button>
              </Form>
            ) : null}
          </div>
        }
      />
      <p className="text-sm text-slate-600" data-testid="roster-shift-times">
        {(["day", "night"] as const)
          .map((kind) =>
            t(`rostering:scheduleCards.${kind}Card`, {
              card: roster.shiftTimes[kind].card ?? t("rostering:scheduleCards.settingsTimes"),
              times: roster.shiftTimes[kind].times,
            }),
          )
          .join(" · ")}
      </p>
      {can.edit ? (
        <EditInPlace recordId="shift-times" label={t("rostering:scheduleCards.rosterCardsChange")}>
          {(action) =>
            choices.cards ? (
              <RosterCardsForm action={action} cards={choices.cards} values={roster.cards} />
            ) : null
          }
        </EditInPlace>
      ) : null}
      <FormAlert errors={publishErrors} />
      {roster.status === "published" && roster.publishedAt ? (
        <p className="text-sm text-slate-600">
          {t("rostering:rosters.publishedBy", {
            name: roster.publishedBy ?? "-",
            date: formatDate(roster.publishedAt, locale),
          })}
        </p>
      ) : null}
      <RosterConflicts conflicts={conflicts} blocking={blocking} canOverride={can.publish} />
      {sent?.link ? (
        <p
          role="status"
          className="break-all rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900"
        >
          {t(sent.mailed ? "rostering:link.sentMailed" : "rostering:link.sent", { name: sent.person })}{" "}
          <a href={sent.link} className="font-medium underline">
            {sent.link}
          </a>
        </p>
      ) : null}
      <RosterGrid days={days} people={people} conflictDays={conflictDays} />
      <RosterDayForms
        days={{ from: roster.startsOn, to: roster.endsOn }}
        assigned={choices.assigned}
        others={choices.people}
        rooms={rooms}
        can={{
          edit: can.edit,
          assign: can.assign && roster.kind === "composition",
          reassign: can.reassign,
          bookRooms: can.bookRooms,
          sendLink: can.publish,
        }}
      />
      {can.delete ? (
        <ConfirmInPlaceForm
          summary={t("rostering:rosters.delete")}
          action={rosterPath(roster.id)}
          intent="delete"
          fields={{ rosterId: roster.id }}
          warning={t("rostering:rosters.deleteWarning")}
          confirmLabel={t("rostering:confirmed")}
          submitLabel={t("rostering:rosters.deleteTitle", { name: roster.name })}
        />
      ) : null}
    </div>
  );
}
