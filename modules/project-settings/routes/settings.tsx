import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SettingsFormCard } from "~/app/admin/settings-form";
import { EmptyState } from "~/app/ui/empty-state";
import { LinkTabs, selectedLinkTab } from "~/app/ui/link-tabs";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import type { PermissionKey } from "~/server/permissions/keys";
import { disabledModuleIds } from "~/server/permissions/modules.server";
import { type SettingsFormRef, settingsForms } from "~/server/settings/settings.server";
import type { SettingsActionData } from "~/server/settings/settings-page.server";
import { settingsAction, settingsCards } from "~/server/settings/settings-page.server";

export const meta: MetaFunction = () => [{ title: "Settings | SiteProof" }];
export const handle = { i18n: ["settings"] };

const PAGE = "/project-settings/settings";
type Tab = "notifications" | "general";

/** Forms named `notifications` are on the Notification tab; every other form is a general setting. */
const tabOf = (ref: Pick<SettingsFormRef, "form">): Tab =>
  ref.form === "notifications" ? "notifications" : "general";

type Can = (key: PermissionKey) => boolean;

function rightsFor(can: Can) {
  const view = {
    notifications: can("project-settings.notificationSetting.view-notification-settings"),
    general: can("project-settings.settings.view-settings"),
  };
  return {
    view,
    of(ref: SettingsFormRef) {
      if (tabOf(ref) === "notifications") {
        const canSave =
          view.notifications && can("project-settings.notificationSetting.edit-notification-settings");
        // Resetting changes the notification settings, so it needs the right to change them too.
        return { canSave, canReset: canSave && can("project-settings.settings.delete-settings") };
      }
      return {
        canSave: view.general && can("project-settings.settings.create-settings"),
        canReset: view.general && can("project-settings.settings.delete-settings"),
      };
    },
  };
}

/** The settings forms of the modules that are on in this project. */
async function projectForms(em: Parameters<typeof disabledModuleIds>[0], projectId: string) {
  const disabled = await disabledModuleIds(em, projectId);
  return settingsForms("project").filter((ref) => !disabled.has(ref.moduleId));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, can, locale } = await requireRoute(request);
  const rights = rightsFor(can);
  const tabs = (["notifications", "general"] as const).filter((tab) => rights.view[tab]);
  const tab = selectedLinkTab(
    new URL(request.url).searchParams,
    tabs.map((value) => ({ value, label: value })),
  ) as Tab;
  const forms = (await projectForms(em, project.id)).filter((ref) => tabOf(ref) === tab);
  const cards = await settingsCards(em, locale, { scope: "project", projectId: project.id }, forms, (ref) =>
    rights.of(ref),
  );
  return { tabs, tab, cards };
}

export async function action({ request }: ActionFunctionArgs) {
  const { em, user, project, can, locale } = await requireRoute(request);
  const rights = rightsFor(can);
  return settingsAction({
    request,
    formData: await readForm(request),
    em,
    locale,
    actorId: user.id,
    target: { scope: "project", projectId: project.id },
    forms: (await projectForms(em, project.id)).filter((ref) => rights.view[tabOf(ref)]),
    rightsOf: (ref) => rights.of(ref),
    redirectTo: (ref) => (tabOf(ref) === "general" ? `${PAGE}?tab=general` : PAGE),
    savedMessage: (ref) =>
      tabOf(ref) === "notifications" ? "settings:toast.notificationsUpdated" : "settings:toast.updated",
  });
}

export default function ProjectSettingsPage() {
  const { tabs, tab, cards } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const { t } = useTranslation("settings");
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">{t("project.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{t("project.intro")}</p>
      </header>
      <LinkTabs
        label={t("project.tabsLabel")}
        tabs={tabs.map((value) => ({ value, label: t(`project.tabs.${value}`) }))}
        defaultValue={tabs[0]}
      >
        {cards.length === 0 ? (
          <EmptyState title={t(`project.empty.${tab}`)} />
        ) : (
          <div className="space-y-6">
            {cards.map((card) => (
              <SettingsFormCard
                key={card.key}
                card={card}
                result={actionData?.formKey === card.key ? actionData.result : undefined}
              />
            ))}
          </div>
        )}
      </LinkTabs>
    </div>
  );
}
