import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatFileSize } from "~/app/ui/file-size";
import { ActionsShowcase } from "~/app/ui/showcase/actions-showcase";
import { DisplayShowcase } from "~/app/ui/showcase/display-showcase";
import { FormShowcase } from "~/app/ui/showcase/form-showcase";
import { FormatShowcase } from "~/app/ui/showcase/format-showcase";
import { TooltipProvider } from "~/app/ui/tooltip";
import { readForm } from "~/server/http/form.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireFreeAccess } from "~/server/permissions/guard.server";

export const handle = { i18n: ["ui", "storybook"] };

export const meta: MetaFunction = () => [{ title: "Storybook · SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  requireFreeAccess(request);
  return null;
}

const SHOWN_VALUE_LENGTH = 80;

/** Echoes what the demo form posted, so the page shows that every widget really submits a value. */
export async function action({ request }: ActionFunctionArgs) {
  requireFreeAccess(request);
  const form = await readForm(request);
  if (form.get("intent") === "confirm-demo") {
    return redirectWithToast("/storybook", { type: "success", message: "storybook:confirm.deleted" });
  }
  const posted: [string, string][] = [];
  for (const [name, value] of form.entries()) {
    if (name === "intent") continue;
    const shown =
      typeof value === "string"
        ? value.length > SHOWN_VALUE_LENGTH
          ? `${value.slice(0, SHOWN_VALUE_LENGTH)}… (${value.length})`
          : value
        : `${value.name || "∅"} (${formatFileSize(value.size)})`;
    posted.push([name, shown]);
  }
  return { posted };
}

const SECTIONS = ["actions", "display", "forms", "formats"] as const;

export default function Storybook() {
  const { t } = useTranslation(["storybook", "ui"]);
  const actionData = useActionData<typeof action>();
  return (
    <TooltipProvider>
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-8 sm:px-6">
        <header className="space-y-3">
          <p className="text-sm font-medium text-brand-700">SiteProof</p>
          <h1 className="text-3xl font-bold text-slate-900">{t("title")}</h1>
          <p className="max-w-3xl text-slate-600">{t("intro")}</p>
          <nav aria-label={t("sectionsNav")} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {SECTIONS.map((section) => (
              <a key={section} href={`#${section}`} className="text-brand-700 hover:underline">
                {t(`sections.${section}`)}
              </a>
            ))}
            <Link to="/storybook/table-example" className="text-brand-700 hover:underline">
              {t("table.openExample")}
            </Link>
          </nav>
        </header>
        <ActionsShowcase />
        <DisplayShowcase />
        <FormShowcase posted={actionData?.posted} />
        <FormatShowcase />
      </div>
    </TooltipProvider>
  );
}
