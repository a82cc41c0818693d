import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { useRosteringText } from "./rostering-text";

/** A person's days as one letter a day from the roster's start: d day, n night, - off. */
type Person = { id: string; name: string; role: string; days: string; count: number };

/**
 * The roster's days, one card a person: each day a short cell (D day, N night, blank off) that wraps to the
 * screen, marked red where a conflict not yet overridden starts. Kept small: a crew's month is a few kilobytes.
 */
export function RosterGrid({
  days,
  people,
  conflictDays,
  canSendLink,
  canUnassign,
}: {
  days: string[];
  people: Person[];
  conflictDays: Map<string, Set<string>>;
  canSendLink: boolean;
  canUnassign: boolean;
}) {
  const { t } = useRosteringText();
  if (people.length === 0)
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-500">
        {t("rostering:rosters.nobody")}
      </p>
    );
  const letters = { day: t("rostering:shift.dayLetter"), night: t("rostering:shift.nightLetter") };
  return (
    <section aria-labelledby="roster-days" className="space-y-3">
      <h2 id="roster-days" className="text-lg font-semibold text-slate-900">
        {t("rostering:rosters.days")}
      </h2>
      <p className="text-xs text-slate-500">
        {t("rostering:rosters.legend", { day: letters.day, night: letters.night })}
      </p>
      <ul className="space-y-3">
        {people.map((person) => {
          const marked = conflictDays.get(person.id);
          const count = person.count;
          return (
            <li
              key={person.id}
              className="space-y-2 rounded-lg border border-slate-200 bg-white p-3"
              data-person={person.name}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <p>
                  <span className="font-semibold text-slate-900">{person.name}</span>{" "}
                  <span className="text-slate-600">
                    {person.role} · {t("rostering:rosters.shiftCount", { count })}
                  </span>
                </p>
                <div className="flex flex-wrap gap-2">
                  {canSendLink ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="send-link" />
                      <input type="hidden" name="personId" value={person.id} />
                      <Button type="submit" size="sm" variant="ghost">
                        {t("rostering:link.send")}
                      </Button>
                    </Form>
                  ) : null}
                  {canUnassign ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="unassign" />
                      <input type="hidden" name="personId" value={person.id} />
                      <Button type="submit" size="sm" variant="ghost">
                        {t("rostering:rosters.unassign")}
                      </Button>
                    </Form>
                  ) : null}
                </div>
              </div>
              <ol className="roster-days" aria-label={t("rostering:rosters.daysOf", { name: person.name })}>
                {days.map((day, index) => {
                  const letter = person.days[index];
                  const kind = letter === "d" ? "day" : letter === "n" ? "night" : null;
                  return (
                    <li
                      key={day}
                      data-k={kind ? letter : undefined}
                      data-c={marked?.has(day) ? "" : undefined}
                    >
                      {day.slice(8)}
                      <b>{kind ? letters[kind] : "·"}</b>
                    </li>
                  );
                })}
              </ol>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
