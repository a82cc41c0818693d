import type { ProjectContext } from "~/server/permissions/guard.server";
import type { PermissionKey } from "~/server/permissions/keys";
import { type SettingsFormRef, settingsForms } from "./settings.server";
import { type SettingsRights, settingsAction, settingsCards } from "./settings-page.server";

/**
 * A module's own settings page (/quality/settings, /safety/actions/notification…) on the core's settings
 * forms: the same cards, validation, storage, activity and messages as the project settings page, with the
 * module's permissions deciding who views (the route's) and who saves.
 */
export type ModuleSettingsPage = {
  moduleId: string;
  path: string;
  /** The manifest's settings forms the page shows, in order. */
  forms: readonly string[];
  /** Saving needs this permission (on top of the route's, which views); resetting to defaults `reset`. */
  save: PermissionKey;
  reset: PermissionKey;
  /** The toast of a successful save (settings namespace or the module's). */
  savedMessage: string;
};

function formsOf(page: ModuleSettingsPage): SettingsFormRef[] {
  const own = settingsForms("project").filter((ref) => ref.moduleId === page.moduleId);
  return page.forms.map((form) => {
    const ref = own.find((candidate) => candidate.form === form);
    if (!ref) throw new Error(`Module ${page.moduleId} declares no settings form "${form}"`);
    return ref;
  });
}

const rightsOf = (page: ModuleSettingsPage, context: ProjectContext) => (): SettingsRights => ({
  canSave: context.can(page.save),
  canReset: context.can(page.reset),
});

/** The page's cards: each form's fields, labels and the values in force, with what this member may do. */
export async function loadModuleSettings(context: ProjectContext, page: ModuleSettingsPage) {
  const target = { scope: "project" as const, projectId: context.project.id };
  return settingsCards(context.em, context.locale, target, formsOf(page), rightsOf(page, context));
}

/** Saves or resets one of the page's forms ('Something went wrong, please try again' when the save fails). */
export async function saveModuleSettings(
  request: Request,
  context: ProjectContext,
  page: ModuleSettingsPage,
  formData: FormData,
  /** Where the page goes back to after a save, when not its path (a page with its own query). */
  redirectTo: string = page.path,
) {
  return settingsAction({
    request,
    formData,
    em: context.em,
    locale: context.locale,
    actorId: context.user.id,
    target: { scope: "project", projectId: context.project.id },
    forms: formsOf(page),
    rightsOf: rightsOf(page, context),
    redirectTo: () => redirectTo,
    savedMessage: () => page.savedMessage,
  });
}
