export type ActivityListEntry = {
  id: string;
  /** What happened and who did it: "Status changed by Erin Engineer". */
  summary: React.ReactNode;
  /** When, already formatted for the reader. */
  time: React.ReactNode;
  /** Further lines: the fields changed, the reason given. */
  details?: string[];
};

/** A record's history, newest first, as a timeline. */
export function ActivityList({ entries, empty }: { entries: ActivityListEntry[]; empty: string }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ol className="space-y-3 text-sm">
      {entries.map((entry) => (
        <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
          <p className="text-slate-900">{entry.summary}</p>
          <p className="text-xs text-slate-500">{entry.time}</p>
          {entry.details?.map((line) => (
            <p key={line} className="whitespace-pre-line text-slate-700">
              {line}
            </p>
          ))}
        </li>
      ))}
    </ol>
  );
}
