import { data } from "@remix-run/node";
import { Location } from "~/server/db/entities";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { LOCATION_TOASTS } from "./location-rules";
import {
  createLocation,
  deleteLocation,
  type LocationPlace,
  type LocationResult,
  moveLocation,
  renameLocation,
} from "./locations.server";

/**
 * The location manager's form intents (app/ui/location-manager.tsx), for any screen that hosts it: the
 * host route checks its own permission, then hands the posted form here and replies with the outcome.
 */
export const LOCATION_INTENTS = {
  create: "location-create",
  rename: "location-rename",
  move: "location-move",
  delete: "location-delete",
} as const;
export type LocationIntent = (typeof LOCATION_INTENTS)[keyof typeof LOCATION_INTENTS];

export const isLocationIntent = (value: unknown): value is LocationIntent =>
  Object.values(LOCATION_INTENTS).includes(value as LocationIntent);

export type LocationIntentOutcome =
  | {
      ok: true;
      intent: LocationIntent;
      toast: string;
      /** The location to show next: the new, renamed or moved one, or the parent of a deleted one. */
      focusId: string | null;
    }
  | { ok: false; intent: LocationIntent; fieldErrors: Record<string, string[]>; formErrors: string[] };

/** What the manager shows after a refused submit: the intent it belongs to and the messages (translation keys). */
export type LocationActionData = {
  locationError: { intent: LocationIntent; fieldErrors: Record<string, string[]>; formErrors: string[] };
};

function outcomeOf<T>(
  intent: LocationIntent,
  result: LocationResult<T>,
  toast: string,
  focusId: (value: T) => string | null,
): LocationIntentOutcome {
  if (!result.ok)
    return { ok: false, intent, fieldErrors: result.fieldErrors, formErrors: result.formErrors };
  return { ok: true, intent, toast, focusId: focusId(result.value) };
}

/** Runs a location intent from a posted form; null when the form is not one of the manager's. */
export async function handleLocationIntent(
  place: LocationPlace,
  formData: FormData,
): Promise<LocationIntentOutcome | null> {
  const intent = formData.get("intent");
  if (!isLocationIntent(intent)) return null;
  const input = Object.fromEntries([...formData.entries()].filter(([name]) => name !== "intent"));
  switch (intent) {
    case LOCATION_INTENTS.create:
      return outcomeOf(intent, await createLocation(place, input), LOCATION_TOASTS.created, (l) => l.id);
    case LOCATION_INTENTS.rename:
      return outcomeOf(intent, await renameLocation(place, input), LOCATION_TOASTS.renamed, (l) => l.id);
    case LOCATION_INTENTS.move:
      return outcomeOf(intent, await moveLocation(place, input), LOCATION_TOASTS.moved, (l) => l.id);
    case LOCATION_INTENTS.delete: {
      // Read before deleting: after a delete the screen shows the parent.
      const parentId = isUuid(input.id)
        ? ((
            await place.em.findOne(
              Location,
              { id: input.id, project: place.projectId },
              { fields: ["parent"] },
            )
          )?.parent?.id ?? null)
        : null;
      return outcomeOf(intent, await deleteLocation(place, input), LOCATION_TOASTS.deleted, () => parentId);
    }
  }
}

/**
 * The reply for the host route: a redirect with the success toast to `hrefFor(focusId)`, or the messages
 * with status 400 (the manager reads them as LocationActionData).
 */
export function replyToLocationIntent(
  outcome: LocationIntentOutcome,
  hrefFor: (focusId: string | null) => string,
) {
  if (outcome.ok)
    return redirectWithToast(hrefFor(outcome.focusId), { type: "success", message: outcome.toast });
  const body: LocationActionData = {
    locationError: {
      intent: outcome.intent,
      fieldErrors: outcome.fieldErrors,
      formErrors: outcome.formErrors,
    },
  };
  return data(body, { status: 400 });
}
