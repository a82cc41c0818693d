import { useRosteringText } from "./rostering-text";

/** A person's days as one letter a day from the roster's start: d day, n night, - off. */
type Person = { id: string; name: string; role: string; days: string; count: number };

/** Days in a row that look the same: the same shift letter, and all marked or all unmarked. */
type Run = { letter: string; from: number; length: number; marked: boolean };

/** Splits a person's days into runs, cut where the shift changes or where a conflict starts. */
export function runsOf(letters: string, days: readonly string[], marked: ReadonlySet<string> | undefined) {
  const runs: Run[] = [];
  for (let index = 0; index < days.length; index++) {
    const letter = letters[index] === "d" || letters[index] === "n" ? letters[index] : "-";
    const isMarked = marked?.has(days[index]) ?? false;
    const last = runs[runs.length - 1];
    if (last && last.letter === letter && !last.marked && !isMarked) last.length++;
    else runs.push({ letter, from: index, length: 1, marked: isMarked });
  }
  return runs;
}

/**
 * The roster's days, one card a person: a bar of runs (days in a row on the same shift), each as wide as its
 * days and labelled with its first and last day of the month; the shift's letter is drawn by CSS from the
 * list's --d and --n, so the letters are translated once. A run where a conflict not yet overridden starts is
 * its own run, marked red. One element a run rather than a day keeps a crew's month to about a kilobyte.
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
  const dayOfMonth = (index: number) => String(Number(days[index].slice(8)));
  return (
    <section aria-labelledby="roster-days" className="space-y-3">
      <h2 id="roster-days" className="text-lg font-semibold text-slate-900">
        {t("rostering:rosters.days")}
      </h2>
      <p className="text-xs text-slate-500">{t("rostering:rosters.legend", letters)}</p>
      <ul className="space-y-3" style={letterStyle}>
        {people.map((person) => (
          <li key={person.id} className="roster-person" data-person={person.name}>
            <p>
              <b>{person.name}</b>{" "}
              <span>{`${person.role} · ${t("rostering:rosters.shiftCount", { count: person.count })}`}</span>
            </p>
            <ol className="roster-days" aria-label={t("rostering:rosters.daysOf", { name: person.name })}>
              {runsOf(person.days, days, conflictDays.get(person.id)).map((run) => (
                <li
                  key={run.from}
                  data-k={run.letter === "-" ? undefined : run.letter}
                  data-c={run.marked ? "" : undefined}
                  style={{ flex: run.length }}
                >
                  {run.length === 1
                    ? dayOfMonth(run.from)
                    : `${dayOfMonth(run.from)}–${dayOfMonth(run.from + run.length - 1)}`}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </section>
  );
}
