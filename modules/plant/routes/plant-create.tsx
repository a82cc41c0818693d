import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { PLANT_PATH } from "../server/plant-basics";
import { plantCompanyChoices } from "../server/plant-register.server";
import { createPlant } from "../server/plants.server";
import { PlantForm } from "../ui/plant-form";
import { usePlantText } from "../ui/plant-text";

export const handle = { i18n: ["plant", "common"] };

export const meta: MetaFunction = () => [{ title: "Register plant | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return { companies: await plantCompanyChoices(context.em, context.project.id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return createPlant(context, await readForm(request));
}

export default function CreatePlantPage() {
  const { companies } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = usePlantText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("plant:form.createTitle")}</h1>
      <PlantForm mode="create" lastResult={lastResult} companies={companies} cancelTo={PLANT_PATH} />
    </div>
  );
}
