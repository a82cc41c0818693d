import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SettingsFormCard } from "~/app/admin/settings-form";
import { EmptyState } from "~/app/ui/empty-state";
import { readForm } from "~/server/http/form.server";
import { requireGlobalRoute } from "~/server/permissions/guard.server";
import type { PermissionKey } from "~/server/permissions/keys";
import { settingsForms } from "~/server/settings/settings.server";
import type { SettingsActionData } from "~/server/settings/settings-page.server";
import { settingsAction, settingsCards } from "~/server/settings/settings-page.server";

export const meta: MetaFunction = () => [{ title: "Global settings | SiteProof" }];
export const handle = { i18n: ["settings"] };

const PAGE = "/globalSettings/settings";

/** Saving and resetting both change the values in force for every project: both need edit-global. */
const rightsFor = (canGlobal: (key: PermissionKey) => boolean) => {
  const canSave = canGlobal("global-settings.settings.edit-global");
  return { canSave, canReset: canSave };
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, canGlobal, locale } = await requireGlobalRoute(request);
  const rights = rightsFor(canGlobal);
  const cards = await settingsCards(em, locale, { scope: "global" }, settingsForms("global"), () => rights);
  return { cards };
}

export async function action({ request }: ActionFunctionArgs) {
  const { em, user, canGlobal, locale } = await requireGlobalRoute(request);
  const rights = rightsFor(canGlobal);
  return settingsAction({
    request,
    formData: await readForm(request),
    em,
    locale,
    actorId: user.id,
    target: { scope: "global" },
    forms: settingsForms("global"),
    rightsOf: () => rights,
    redirectTo: () => PAGE,
    savedMessage: (ref) =>
      ref.form === "notifications" ? "settings:toast.notificationsUpdated" : "settings:toast.updated",
  });
}

export default function GlobalSettingsPage() {
  const { cards } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const { t } = useTranslation("settings");
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">{t("global.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{t("global.intro")}</p>
      </header>
      {cards.length === 0 ? (
        <EmptyState title={t("global.empty")} />
      ) : (
        cards.map((card) => (
          <SettingsFormCard
            key={card.key}
            card={card}
            result={actionData?.formKey === card.key ? actionData.result : undefined}
          />
        ))
      )}
    </div>
  );
}
