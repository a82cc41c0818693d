import {
  type PlacedDiarySection,
  siteDiarySections,
  switchedOffProviders,
} from "~/server/extensions/extensions.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { ModuleManifest } from "~/server/registry/manifest";
import type { DiaryPrefillSources } from "../domain/diary-prefill";
import { inOutWorkLog } from "./in-out-work-log.server";

/**
 * The site diary's contributed sections (core point site-diary.sections): the spec's sections each show the
 * sections of other modules mapped to them by key; a module switched off for the project is named in its
 * place ("Quality is not switched on for this project"); the rest are listed after them.
 */

/** The spec's contributed sections (spec 2) and the contributions each shows, by `module.section` key. */
export const DIARY_CONTRIBUTED_SECTIONS = [
  {
    id: "ncr",
    tabs: [
      { id: "safety", keys: ["safety.ncrs"], moduleId: "safety" },
      { id: "quality", keys: ["quality.ncrs-raised"], moduleId: "quality" },
    ],
  },
  { id: "permits", tabs: [{ id: "permits", keys: ["safety.permits"], moduleId: "safety" }] },
  {
    id: "meetings",
    tabs: [
      { id: "preStart", keys: ["safety.pre-start-talks"], moduleId: "safety" },
      { id: "toolbox", keys: ["safety.toolbox-talks"], moduleId: "safety" },
    ],
  },
  { id: "incidents", tabs: [{ id: "incidents", keys: ["safety.incidents"], moduleId: "safety" }] },
  { id: "observations", tabs: [{ id: "observations", keys: ["safety.observations"], moduleId: "safety" }] },
  { id: "punchlist", tabs: [{ id: "punchlist", keys: ["quality.punch-list-raised"], moduleId: "quality" }] },
] as const;

export type DiarySectionTab = {
  id: string;
  /** The contributed sections shown in this tab (none when its module is off or the user may not see them). */
  sections: PlacedDiarySection[];
  /** The module's title key when it is switched off for the project: the tab says so. */
  switchedOff: string | null;
};
export type DiaryContributedSection = { id: string; tabs: DiarySectionTab[] };

export type DiaryContributions = {
  mapped: DiaryContributedSection[];
  /** Contributions no spec section names (lots inspected, a plant list…), in module order. */
  others: PlacedDiarySection[];
  /** Modules that would add sections but are off, and that no spec section names. */
  othersOff: string[];
};

export async function diaryContributions(
  context: ProjectContext,
  query: { date: string; locationId: string | null },
  modules?: readonly ModuleManifest[],
): Promise<DiaryContributions> {
  const [sections, off] = await Promise.all([
    siteDiarySections(context, query, modules),
    switchedOffProviders("site-diary.sections", context, modules),
  ]);
  const offTitle = new Map(off.map((module) => [module.moduleId, module.title]));
  const used = new Set<string>();
  const mapped = DIARY_CONTRIBUTED_SECTIONS.map((section) => ({
    id: section.id,
    tabs: section.tabs.map((tab) => {
      for (const key of tab.keys) used.add(key);
      return {
        id: tab.id,
        sections: sections.filter((placed) => (tab.keys as readonly string[]).includes(placed.key)),
        switchedOff: offTitle.get(tab.moduleId) ?? null,
      };
    }),
  }));
  const namedModules = new Set<string>(
    DIARY_CONTRIBUTED_SECTIONS.flatMap((section) => section.tabs.map((tab) => tab.moduleId)),
  );
  return {
    mapped,
    others: sections.filter((placed) => !used.has(placed.key)),
    othersOff: off.filter((module) => !namedModules.has(module.moduleId)).map((module) => module.title),
  };
}

export type WorkLogSource = typeof inOutWorkLog;

/**
 * What a new day's diary pre-fills from (domain/diary-prefill): the records of the contributed sections
 * that fill plant rows, and the day's Work Log rows from In/Out. Tests give their own work-log source and
 * modules.
 */
export async function dayPrefillSources(
  context: ProjectContext,
  query: { date: string; locationId: string | null },
  workLog: WorkLogSource = inOutWorkLog,
  modules?: readonly ModuleManifest[],
): Promise<DiaryPrefillSources> {
  const [sections, rows] = await Promise.all([
    siteDiarySections(context, query, modules),
    workLog(context.em, context.project.id, query.date),
  ]);
  return {
    plantRecords: sections
      .filter((section) => section.fills === "plant-rows")
      .flatMap((section) =>
        section.records.map((record) => ({ title: record.title, detail: record.detail })),
      ),
    workLog: rows,
  };
}
