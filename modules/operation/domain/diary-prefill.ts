/**
 * What a new day's diary starts with (decision 039): a Plant Item / Machineries / Deliverables row for each
 * record of the contributed sections that fill plant rows (a plant item on site that day: its title and
 * second line), and a Work Log row for each company In/Out saw on site (its workers and hours). The rows are
 * marked pre-filled until the user saves the diary's form, which confirms or edits them. Pure: the sources
 * are given, so a test can give any.
 */

export type PlantSourceRecord = { title: string; detail?: string | null };
export type WorkLogSourceRow = { company: string; workers: number; hours: string };

export type DiaryPrefillSources = {
  plantRecords: readonly PlantSourceRecord[];
  workLog: readonly WorkLogSourceRow[];
};

export type PrefilledRow =
  | {
      section: "plant";
      position: number;
      plantKind: "plant";
      title: string;
      detail: string | null;
      prefilled: true;
    }
  | {
      section: "work_log";
      position: number;
      company: string;
      title: string;
      workers: number;
      hours: string;
      prefilled: true;
    };

/** Hours as a decimal string with two places, or "0.00" when the source's figure is not one. */
export function decimalHours(hours: string): string {
  const match = /^(\d{1,5})(?:\.(\d{1,2})\d*)?$/.exec(hours.trim());
  if (!match) return "0.00";
  return `${Number(match[1])}.${(match[2] ?? "").padEnd(2, "0")}`;
}

const clip = (text: string, length: number) => text.trim().slice(0, length);

export function prefillRows(sources: DiaryPrefillSources): PrefilledRow[] {
  const plant = sources.plantRecords
    .filter((record) => record.title.trim())
    .map(
      (record, position): PrefilledRow => ({
        section: "plant",
        position,
        plantKind: "plant",
        title: clip(record.title, 200),
        detail: record.detail?.trim() ? clip(record.detail, 500) : null,
        prefilled: true,
      }),
    );
  const workLog = sources.workLog
    .filter((row) => row.company.trim())
    .map(
      (row, position): PrefilledRow => ({
        section: "work_log",
        position,
        company: clip(row.company, 200),
        title: "",
        workers: Number.isInteger(row.workers) && row.workers >= 0 ? row.workers : 0,
        hours: decimalHours(row.hours),
        prefilled: true,
      }),
    );
  return [...plant, ...workLog];
}
