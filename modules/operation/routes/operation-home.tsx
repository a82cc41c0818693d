import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { usePageText } from "~/app/ui/use-page-text";
import { requireRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["operation", "common"] };

export const meta: MetaFunction = () => [{ title: "Operation | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  return null;
}

/** /operation/home: the day on site at a glance (each part of the module adds its figures). */
export default function OperationHomePage() {
  const { t } = usePageText(["operation"]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("operation:home.title")}</h1>
    </div>
  );
}
