import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { UniqueConstraintViolationException } from "@mikro-orm/core";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { PermissionRef } from "~/server/permissions/keys";
import { registry } from "~/server/registry";
import { translateReply } from "~/server/settings/form-errors.server";
import {
  loadModuleSettings,
  type ModuleSettingsPage,
  saveModuleSettings,
} from "~/server/settings/module-settings-page.server";
import type { SettingsActionData } from "~/server/settings/settings-page.server";
import {
  addMonths,
  firstDayOf,
  isMonth,
  monthOf,
  monthsEndingWith,
  readHoursFigure,
} from "../domain/hours-months";
import { type ISafetyHoursWorked, SafetyHoursWorked } from "../entities";
import { hoursFormSchema } from "./hours-rules";
import { dayText, enteredMonths } from "./hours-worked.server";
import {
  HOURS_ENTITY_TYPE,
  INCIDENT_SETTINGS_FORM,
  SETTINGS_LINKS,
  SETTINGS_PATH,
  SETTINGS_PERMISSIONS,
  type SettingsLink,
} from "./settings-basics";

/**
 * /safety/setting on the server: (a) the incident settings form of the manifest, (b) the hours worked grid
 * (twelve months, editable, saved in one transaction), (c) links to the notification and list settings pages.
 */

/** The month today is in (UTC: the project's time zone is not stored yet). */
export const currentMonth = (now = new Date()) => monthOf(now);

/** The incident settings form of the manifest, saved by whoever holds the settings' edit permission. */
const INCIDENT_SETTINGS_PAGE: ModuleSettingsPage = {
  moduleId: INCIDENT_SETTINGS_FORM.moduleId,
  path: SETTINGS_PATH,
  forms: [INCIDENT_SETTINGS_FORM.form],
  save: SETTINGS_PERMISSIONS.edit,
  reset: SETTINGS_PERMISSIONS.edit,
  savedMessage: "safety:setting.incident.saved",
};

/** The links whose route exists now and which the user may open. */
export function settingsLinks(context: ProjectContext): SettingsLink[] {
  const routes = registry().routes;
  return SETTINGS_LINKS.filter((link) => {
    const route = routes.find((candidate) => candidate.path === link.path);
    return route !== undefined && context.can(route.permission as PermissionRef | undefined);
  }).map((link) => ({ path: link.path, label: link.label }));
}

/** The figure as the input shows it: digits and at most two decimals, no separators; blank when not entered. */
export const hoursText = (hours: number | null | undefined) =>
  hours === null || hours === undefined ? "" : String(Math.round(hours * 100) / 100);

export type HoursRow = {
  month: string;
  hours: string;
  enteredBy: string | null;
  updatedAt: string | null;
};

export async function settingsPageData(context: ProjectContext, url: URL) {
  const { em, project } = context;
  const current = currentMonth();
  const asked = url.searchParams.get("until") ?? "";
  const until = isMonth(asked) && asked <= current ? asked : current;
  const months = monthsEndingWith(until);
  const entered = await enteredMonths(em, project.id, months);
  const [incident] = await loadModuleSettings(context, INCIDENT_SETTINGS_PAGE);
  const rows: HoursRow[] = months.map((month) => {
    const row = entered.get(month);
    return {
      month,
      hours: hoursText(row?.hours),
      enteredBy: row?.enteredBy ?? null,
      updatedAt: row?.updatedAt ?? null,
    };
  });
  const total = [...entered.values()].reduce((sum, row) => sum + row.hours, 0);
  const later = addMonths(until, 12);
  return {
    incident,
    hours: {
      until,
      current,
      earlier: addMonths(until, -12),
      // Months are YYYY-MM strings: the smaller in text order is the earlier.
      later: until < current ? [later, current].sort()[0] : null,
      rows,
      total: Math.round(total * 100) / 100,
      canEdit: context.can(SETTINGS_PERMISSIONS.edit),
    },
    links: settingsLinks(context),
  };
}
export type SettingsPageData = Awaited<ReturnType<typeof settingsPageData>>;

const pageFor = (until: string | undefined) =>
  until && isMonth(until) ? `${SETTINGS_PATH}?until=${until}` : SETTINGS_PATH;

/** Saves (or resets) the incident settings form: the core's settings action, this page's rights. */
export function saveIncidentSettings(context: ProjectContext, request: Request, formData: FormData) {
  return saveModuleSettings(request, context, INCIDENT_SETTINGS_PAGE, formData);
}

const HOURS_FORM_KEY = "hours";

async function hoursReply(context: ProjectContext, reply: SubmissionResult, status: number) {
  const result = await translateReply(context.locale, reply);
  return data({ formKey: HOURS_FORM_KEY, result } satisfies SettingsActionData, { status });
}

class StaleHours extends Error {
  constructor(readonly month: string) {
    super(`Hours of ${month} changed since the page was loaded`);
  }
}

/**
 * Saves the hours worked grid: every changed month in one transaction (a blank month removes its figure),
 * one activity entry with the months before and after. Refused as a whole, with nothing written, when a
 * figure is not a number ≥ 0 (two decimals at most, 10,000,000 at most), a month has not begun, or someone
 * changed a month since the page was loaded.
 */
export async function saveHours(context: ProjectContext, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: hoursFormSchema(currentMonth()) });
  if (submission.status !== "success") return hoursReply(context, submission.reply(), 400);
  const { rows, until } = submission.value;
  const before: Record<string, number | null> = {};
  const after: Record<string, number | null> = {};
  try {
    await em.transactional(async (tx) => {
      const stored = await tx.find(SafetyHoursWorked, {
        project: project.id,
        month: { $in: rows.map((row) => firstDayOf(row.month)) },
      });
      const byMonth = new Map(
        stored.map((row) => [monthOf(dayText(row.month)), row] as [string, ISafetyHoursWorked]),
      );
      for (const row of rows) {
        const figure = readHoursFigure(row.hours ?? "");
        if (!figure.ok) throw new Error("validated above");
        const existing = byMonth.get(row.month);
        const old = existing ? Number(existing.hours) : null;
        // The page showed `was`: a different stored figure is someone else's save since.
        const was = readHoursFigure(row.was ?? "");
        if (!was.ok || was.hours !== old) throw new StaleHours(row.month);
        if (figure.hours === old) continue;
        before[row.month] = old;
        after[row.month] = figure.hours;
        if (figure.hours === null) tx.remove(existing as ISafetyHoursWorked);
        else if (existing) {
          existing.hours = figure.hours;
          existing.enteredBy = user as never;
        } else
          tx.create(SafetyHoursWorked, {
            project: project.id,
            month: firstDayOf(row.month),
            hours: figure.hours,
            enteredBy: user.id,
          } as never);
      }
      if (Object.keys(after).length > 0)
        recordActivity(tx, {
          projectId: project.id,
          actorId: user.id,
          entityType: HOURS_ENTITY_TYPE,
          entityId: project.id,
          action: "updated",
          before,
          after,
        });
    });
  } catch (error) {
    const month = error instanceof StaleHours ? error.month : null;
    if (!month && !(error instanceof UniqueConstraintViolationException)) throw error;
    return hoursReply(
      context,
      submission.reply({
        formErrors: [message("safety:setting.hours.stale", month ? { month } : {})],
      }),
      409,
    );
  }
  return redirectWithToast(pageFor(until), {
    type: "success",
    message: Object.keys(after).length > 0 ? "safety:setting.hours.saved" : "safety:setting.hours.unchanged",
  });
}
