import { useRosteringText } from "./rostering-text";

/** A person's days as one letter a day from the roster's start: d day, n night, - off. */
type Person = { id: string; name: string; role: string; days: string; count: number };

/**
 * The roster's days, one card a person: each day a short cell (its day of the month, and the shift's letter
 * drawn by CSS from the list's --d and --n, so the letters are translated once, not in every cell) that wraps
 * to the screen, marked red where a conflict not yet overridden starts. A crew's month is a few kilobytes.
 */
export function RosterGrid({
  days,
  people,
  conflictDays,
}: {
  days: string[];
  people: Person[];
  conflictDays: Map<string, Set<string>>;
}) {
  const { t } = useRosteringText();
  if (people.length === 0)
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-500">
        {t("rostering:rosters.nobody")}
      </p>
    );
  const letters = { day: t("rostering:shift.dayLetter"), night: t("rostering:shift.nightLetter") };
  const letterStyle = {
    "--d": JSON.stringify(letters.day),
    "--n": JSON.stringify(letters.night),
  } as React.CSSProperties;
  return (
    <section aria-labelledby="roster-days" className="space-y-3">
      <h2 id="roster-days" className="text-lg font-semibold text-slate-900">
        {t("rostering:rosters.days")}
      </h2>
      <p className="text-xs text-slate-500">{t("rostering:rosters.legend", letters)}</p>
      <ul className="space-y-3" style={letterStyle}>
        {people.map((person) => {
          const marked = conflictDays.get(person.id);
          return (
            <li
              key={person.id}
              className="space-y-2 rounded-lg border border-slate-200 bg-white p-3"
              data-person={person.name}
            >
              <p className="text-sm">
                <span className="font-semibold text-slate-900">{person.name}</span>{" "}
                <span className="text-slate-600">
                  {`${person.role} · ${t("rostering:rosters.shiftCount", { count: person.count })}`}
                </span>
              </p>
              <ol className="roster-days" aria-label={t("rostering:rosters.daysOf", { name: person.name })}>
                {days.map((day, index) => {
                  const letter = person.days[index];
                  const worked = letter === "d" || letter === "n";
                  return (
                    <li
                      key={day}
                      data-k={worked ? letter : undefined}
                      data-c={marked?.has(day) ? "" : undefined}
                    >
                      {day.slice(8)}
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
