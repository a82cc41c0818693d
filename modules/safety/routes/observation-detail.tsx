import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailFields } from "~/app/ui/detail-fields";
import { DetailPage } from "~/app/ui/detail-page";
import { LinkTabs, selectedLinkTab } from "~/app/ui/link-tabs";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { projectMemberChoices } from "~/server/members/project-members.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { raiseActionHref } from "../server/action-basics";
import { OBSERVATION_INTENTS, OBSERVATION_PATH, observationPath } from "../server/observation-basics";
import { canAddPhotos, deletePhoto } from "../server/observation-photos.server";
import { reassignObservation, transitionObservation } from "../server/observation-steps.server";
import {
  canEditObservation,
  canReassignObservation,
  loadObservationDetail,
  observationById,
} from "../server/observations.server";
import { ObservationKindBadge, ObservationStatusBadge, useObservationText } from "../ui/observation-status";
import {
  ObservationActivity,
  ObservationPhotos,
  ObservationReassignForm,
  ObservationSteps,
} from "../ui/observation-view";
import { RaisedActions } from "../ui/raised-actions";

export const handle = { i18n: ["safety", "common", "uploads"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.observation.number ?? "Observation"} | SiteProof` },
];

const TABS = [
  { value: "details", label: "details" },
  { value: "activity", label: "activity" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const observation = await observationById(context, params.id);
  const tab =
    selectedLinkTab(new URL(request.url).searchParams, TABS) === "activity" ? "activity" : "details";
  const mayReassign = canReassignObservation(context, observation);
  const [detail, members] = await Promise.all([
    loadObservationDetail(context, observation, tab),
    mayReassign ? projectMemberChoices(context.em, context.project.id) : Promise.resolve([]),
  ]);
  return {
    observation: detail,
    members,
    canEdit: canEditObservation(context, observation),
    canReassign: mayReassign,
    canAddPhotos: canAddPhotos(context, observation),
    canRaiseAction: context.can("safety.actions.create"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  // Each intent's permission is declared in the manifest; who the user is to the observation is checked by the step.
  const intent = requireIntent(context, formData);
  const observation = await observationById(context, params.id);
  if (intent === OBSERVATION_INTENTS.transition)
    return transitionObservation(context, observation.id, formData);
  if (intent === OBSERVATION_INTENTS.reassign) {
    if (!canReassignObservation(context, observation)) throw new Response("Forbidden", { status: 403 });
    return reassignObservation(context, observation.id, formData);
  }
  if (intent === OBSERVATION_INTENTS.photoDelete) return deletePhoto(context, observation, formData);
  throw new Response("Unknown intent", { status: 400 });
}

export default function ObservationDetailPage() {
  const {
    observation,
    members,
    canEdit,
    canReassign,
    canAddPhotos: mayAdd,
    canRaiseAction,
  } = useLoaderData<typeof loader>();
  const { t, locale } = useObservationText();
  const tab = selectedLinkTab(useLocation().search, TABS);
  const none = t("safety:observation.detail.notSet");
  const field = (name: string) => t(`safety:observation.fields.${name}`);
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: field("kind"), value: <ObservationKindBadge kind={observation.kind} /> },
    {
      label: field("observedOn"),
      value: observation.observedOn ? formatDate(observation.observedOn, locale) : none,
    },
    { label: field("location"), value: observation.location ?? none },
    { label: field("assignee"), value: observation.assignee?.name ?? none },
    { label: field("createdBy"), value: observation.createdBy ?? none },
    { label: field("createdAt"), value: formatDateTime(observation.createdAt, locale) },
    ...(observation.rectifiedOnSpot ? [{ label: field("rectifiedOnSpot"), value: "✓" }] : []),
    ...(observation.closedAt
      ? [{ label: field("closedAt"), value: formatDateTime(observation.closedAt, locale) }]
      : []),
  ];
  return (
    <DetailPage
      back={{ to: OBSERVATION_PATH, label: t("safety:observation.detail.back") }}
      title={`${observation.number} ${observation.title}`}
      meta={<ObservationStatusBadge status={observation.status} />}
      actions={
        canEdit ? (
          <Link to={`${observationPath(observation.id)}/edit`} className={buttonClass("secondary")}>
            {t("safety:observation.detail.edit")}
          </Link>
        ) : null
      }
      toolbar={<ObservationSteps observation={observation} />}
    >
      <LinkTabs
        label={t("safety:observation.detail.tabsLabel")}
        tabs={[
          { value: "details", label: t("safety:observation.detail.tabs.details") },
          { value: "activity", label: t("safety:observation.detail.tabs.activity") },
        ]}
      >
        {tab === "activity" ? (
          <ObservationActivity activity={observation.activity} />
        ) : (
          <div className="space-y-4">
            <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
              {observation.kind === "positive" || observation.rectifiedOnSpot ? (
                <p className="rounded border border-green-200 bg-green-50 p-2 text-sm text-green-800">
                  {t("safety:observation.detail.nothingToDo")}
                </p>
              ) : null}
              {observation.description ? (
                <p className="whitespace-pre-line text-sm text-slate-800">{observation.description}</p>
              ) : null}
              <DetailFields rows={rows} />
              {canReassign ? <ObservationReassignForm observation={observation} members={members} /> : null}
            </div>
            <ObservationPhotos observation={observation} canAdd={mayAdd} />
            <RaisedActions
              actions={observation.actions}
              raiseHref={canRaiseAction ? raiseActionHref("observation", observation.id) : null}
              title={t("safety:observation.actions.title")}
              none={t("safety:observation.actions.none")}
              raise={t("safety:observation.actions.raise")}
            />
          </div>
        )}
      </LinkTabs>
    </DetailPage>
  );
}
