import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { plantPath } from "../server/plant-basics";
import { plantCompanyChoices } from "../server/plant-register.server";
import { canEditPlant, editPlant, plantById, plantFormValues } from "../server/plants.server";
import { PlantForm } from "../ui/plant-form";
import { usePlantText } from "../ui/plant-text";

export const handle = { i18n: ["plant", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.number ?? "plant"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const plant = await plantById(context, params.id);
  if (!canEditPlant(context, plant)) throw new Response("Forbidden", { status: 403 });
  return {
    id: plant.id,
    number: plant.number,
    values: plantFormValues(plant),
    companies: await plantCompanyChoices(context.em, context.project.id),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const plant = await plantById(context, params.id);
  if (!canEditPlant(context, plant)) throw new Response("Forbidden", { status: 403 });
  return editPlant(context, plant.id, await readForm(request));
}

export default function EditPlantPage() {
  const { id, number, values, companies } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = usePlantText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("plant:form.editTitle", { number })}</h1>
      <PlantForm
        mode="edit"
        lastResult={lastResult}
        defaultValue={values}
        companies={companies}
        cancelTo={plantPath(id)}
      />
    </div>
  );
}
