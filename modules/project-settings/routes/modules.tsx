import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cn } from "~/app/ui/cn";
import { EmptyState } from "~/app/ui/empty-state";
import { FormAlert } from "~/app/ui/field";
import { StatusBadge } from "~/app/ui/status-badge";
import { readForm } from "~/server/http/form.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { translateReply } from "~/server/settings/form-errors.server";
import {
  moduleStates,
  moduleSwitchSchema,
  setModuleEnabled,
  switchableModules,
} from "~/server/settings/project-modules.server";

export const meta: MetaFunction = () => [{ title: "Modules | SiteProof" }];
export const handle = { i18n: ["settings"] };

const PAGE = "/project-settings/modules";

const moduleTitle = async (locale: Parameters<typeof serverT>[0], module: { id: string; title: string }) =>
  (await serverT(locale, module.id))(module.title, { defaultValue: module.id }) as string;

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, can, locale } = await requireRoute(request);
  const states = await moduleStates(em, project.id);
  return {
    canEdit: can("project-settings.modules.edit"),
    modules: await Promise.all(
      states.map(async ({ module, enabled }) => ({
        id: module.id,
        title: await moduleTitle(locale, module),
        enabled,
      })),
    ),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { em, user, project, can, locale } = await requireRoute(request);
  if (!can("project-settings.modules.edit")) throw new Response("Forbidden", { status: 403 });
  const submission = parseWithZod(await readForm(request), { schema: moduleSwitchSchema });
  if (submission.status !== "success") {
    return data(await translateReply(locale, submission.reply()), { status: 400 });
  }
  const { moduleId, enabled } = submission.value;
  await setModuleEnabled(em, { projectId: project.id, moduleId, enabled, actorId: user.id });
  const module = switchableModules().find((candidate) => candidate.id === moduleId);
  return redirectWithToast(PAGE, {
    type: "success",
    message: enabled ? "settings:toast.moduleEnabled" : "settings:toast.moduleDisabled",
    params: { module: module ? await moduleTitle(locale, module) : moduleId },
  });
}

export default function ProjectModulesPage() {
  const { modules, canEdit } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("settings");
  const navigation = useNavigation();
  const pendingModule = navigation.state === "submitting" ? navigation.formData?.get("moduleId") : null;
  const errors = result?.error ? Object.values(result.error).flatMap((messages) => messages ?? []) : [];
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">{t("modules.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{t("modules.intro")}</p>
      </header>
      <FormAlert errors={errors} />
      {modules.length === 0 ? (
        <EmptyState title={t("modules.empty")} />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg bg-white ring-1 ring-slate-200">
          {modules.map((module) => (
            <li
              key={module.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6"
            >
              <div className="flex items-center gap-3">
                <span className="font-medium text-slate-900">{module.title}</span>
                <StatusBadge tone={module.enabled ? "success" : "neutral"}>
                  {module.enabled ? t("modules.on") : t("modules.off")}
                </StatusBadge>
              </div>
              {canEdit ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="moduleId" value={module.id} />
                  <input type="hidden" name="enabled" value={module.enabled ? "false" : "true"} />
                  <ModuleSwitch
                    enabled={module.enabled}
                    pending={pendingModule === module.id}
                    label={t("modules.switchLabel", { module: module.title })}
                  />
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A submit button that looks and reads as a switch, so switching works without JavaScript. */
function ModuleSwitch({ enabled, pending, label }: { enabled: boolean; pending: boolean; label: string }) {
  return (
    <button
      type="submit"
      role="switch"
      aria-checked={enabled}
      aria-label={label}
      disabled={pending}
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60",
        enabled ? "bg-brand-600" : "bg-slate-300",
      )}
    >
      <span
        aria-hidden
        className={cn(
          "inline-block size-5 rounded-full bg-white shadow transition-transform",
          enabled ? "translate-x-5" : "translate-x-0.5",
        )}
      />
    </button>
  );
}
