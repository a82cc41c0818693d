import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
import { LinkTabs, selectedLinkTab } from "~/app/ui/link-tabs";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { PLANT_INTENTS, PLANT_PATH, PLANT_TABS, type PlantTab, plantEditPath } from "../server/plant-basics";
import { loadPlantDetail } from "../server/plant-detail.server";
import {
  deleteDocument,
  plantFilesRemover,
  recordInspection,
  recordPreStart,
} from "../server/plant-records.server";
import { plantById, transitionPlant } from "../server/plants.server";
import { PlantChecksTab } from "../ui/plant-checks";
import { PlantStatusBadge, usePlantText } from "../ui/plant-text";
import {
  PlantActivityTab,
  PlantBanners,
  PlantDetailsTab,
  PlantDocumentsTab,
  PlantScansTab,
  PlantSteps,
} from "../ui/plant-view";

export const handle = { i18n: ["plant", "common", "uploads"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.plant.number ?? "Plant"} | SiteProof` },
];

const TABS = PLANT_TABS.map((value) => ({ value, label: value }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const plant = await plantById(context, params.id);
  const tab = selectedLinkTab(new URL(request.url).searchParams, TABS) as PlantTab;
  return { plant: await loadPlantDetail(context, plant, tab) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const plant = await plantById(context, params.id);
  if (intent === PLANT_INTENTS.transition)
    return transitionPlant(context, plant.id, formData, await plantFilesRemover(context, plant));
  if (intent === PLANT_INTENTS.preStart) return recordPreStart(context, plant, formData);
  if (intent === PLANT_INTENTS.inspection) return recordInspection(context, plant, formData);
  if (intent === PLANT_INTENTS.documentDelete) return deleteDocument(context, plant, formData);
  throw new Response("Unknown intent", { status: 400 });
}

export default function PlantDetailPage() {
  const { plant } = useLoaderData<typeof loader>();
  const { t } = usePlantText();
  const tab = selectedLinkTab(useLocation().search, TABS) as PlantTab;
  return (
    <DetailPage
      back={{ to: PLANT_PATH, label: t("plant:detail.back") }}
      title={`${plant.number} ${plant.make} ${plant.model}`}
      meta={<PlantStatusBadge status={plant.status} />}
      actions={
        plant.can.edit ? (
          <Link to={plantEditPath(plant.id)} className={buttonClass("secondary")}>
            {t("plant:detail.edit")}
          </Link>
        ) : null
      }
      toolbar={<PlantSteps plant={plant} />}
    >
      <div className="space-y-4">
        <PlantBanners plant={plant} />
        <LinkTabs
          label={t("plant:detail.tabsLabel")}
          tabs={PLANT_TABS.map((value) => ({ value, label: t(`plant:detail.tabs.${value}`) }))}
        >
          {tab === "checks" ? (
            <PlantChecksTab plant={plant} />
          ) : tab === "documents" ? (
            <PlantDocumentsTab plant={plant} />
          ) : tab === "scans" ? (
            <PlantScansTab plant={plant} />
          ) : tab === "activity" ? (
            <PlantActivityTab plant={plant} />
          ) : (
            <PlantDetailsTab plant={plant} />
          )}
        </LinkTabs>
      </div>
    </DetailPage>
  );
}
