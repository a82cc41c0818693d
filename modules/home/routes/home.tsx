import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { serverT } from "~/server/i18n/i18n.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { navigationFor } from "~/server/permissions/modules.server";

export const meta: MetaFunction = () => [{ title: "Home | SiteProof" }];
export const handle = { i18n: ["home"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, user, project, membership, can, canGlobal, locale } = await requireRoute(request);
  const t = await serverT(locale);
  const modules = (await navigationFor(em, project.id, can, canGlobal))
    .filter((entry) => entry.moduleId !== "home")
    .map((entry) => ({ label: t(entry.label), path: entry.path }));
  return {
    userName: user.name,
    project: { name: project.name, number: project.number },
    roleName: user.isSuperAdmin ? null : (membership?.role?.name ?? null),
    modules,
  };
}

export default function HomePage() {
  const { userName, project, roleName, modules } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["home", "common"]);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("home:welcome", { name: userName })}</h1>
        <p className="mt-1 text-slate-600">
          {t("home:projectLine", { name: project.name, number: project.number })}
          {roleName ? ` · ${t("home:role", { role: roleName })}` : ""}
        </p>
      </div>
      <section aria-labelledby="home-modules" className="rounded-lg bg-white p-6 ring-1 ring-slate-200">
        <h2 id="home-modules" className="text-lg font-medium">
          {t("home:modulesTitle")}
        </h2>
        {modules.length === 0 ? (
          <p className="mt-2 text-slate-600">{t("home:noModules")}</p>
        ) : (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {modules.map((module) => (
              <li key={module.path}>
                <a
                  href={module.path}
                  className="block rounded-md border border-slate-200 p-4 hover:border-brand-500"
                >
                  {module.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
