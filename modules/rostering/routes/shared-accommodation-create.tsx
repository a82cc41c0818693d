import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireGlobalRoute } from "~/server/permissions/guard.server";
import { createPlace } from "../server/accommodation.server";
import { SHARED_PLACE_PATHS } from "../server/accommodation-basics";
import { sharedOwner } from "../server/shared-accommodation.server";
import { AccommodationForm } from "../ui/accommodation-form";
import { useAccommodationText } from "../ui/accommodation-text";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction = () => [{ title: "Add shared accommodation | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGlobalRoute(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireGlobalRoute(request);
  return createPlace(sharedOwner(context), await readForm(request));
}

export default function CreateSharedAccommodationPage() {
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useAccommodationText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("rostering:accommodation.shared.createTitle")}
      </h1>
      <AccommodationForm
        mode="create"
        lastResult={lastResult}
        action={SHARED_PLACE_PATHS.create}
        cancelTo={SHARED_PLACE_PATHS.list}
      />
    </div>
  );
}
