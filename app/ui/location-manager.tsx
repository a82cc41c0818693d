import { Form, useActionData } from "@remix-run/react";
import type { LocationNode } from "~/server/locations/tree";
import { Button, buttonClass } from "./button";
import { ConfirmDialog } from "./confirm-dialog";
import { controlClass } from "./control-class";
import { FieldMessages, FormAlert, fieldDescription, TextField } from "./field";
import { useHydrated } from "./use-hydrated";
import { usePageText } from "./use-page-text";

/** The intents of server/locations/location-actions.server.ts (kept as literals: this file runs in the browser). */
const INTENT = {
  create: "location-create",
  rename: "location-rename",
  move: "location-move",
  delete: "location-delete",
} as const;

type LocationError = { intent: string; fieldErrors: Record<string, string[]>; formErrors: string[] };

type Translate = (key: string, options?: Record<string, unknown>) => string;

function managerLabels(t: Translate, selected: LocationNode | null) {
  const label = (key: string) => t(`locations:manager.${key}`);
  return {
    title: label("title"),
    addTop: label("addTop"),
    addChild: label("addChild"),
    add: label("add"),
    rename: label("rename"),
    newName: label("newName"),
    move: label("move"),
    moveTo: label("moveTo"),
    delete: label("delete"),
    deleteTitle: t("locations:manager.deleteTitle", { name: selected?.name ?? "" }),
    deleteDescription: label("deleteDescription"),
  };
}

type LocationManagerLabels = ReturnType<typeof managerLabels>;

type LocationManagerProps = {
  /** The whole tree (for the move choices). */
  nodes: readonly LocationNode[];
  /** The location the screen shows; its own forms (rename, move, delete, add below) act on it. */
  selected: LocationNode | null;
  /** Where the forms post; the current route by default. */
  action?: string;
  className?: string;
};

function flatten(nodes: readonly LocationNode[]): LocationNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/**
 * Creating, renaming, moving and deleting a project's locations, with plain forms (no JavaScript needed).
 * Shared by every screen that hosts a location tree: the host's action passes the posted form to
 * `handleLocationIntent` and replies with `replyToLocationIntent`.
 */
export function LocationManager({ nodes, selected, action, className }: LocationManagerProps) {
  const { t, translate } = usePageText(["locations", "common"]);
  const labels = managerLabels(t as Translate, selected);
  const hydrated = useHydrated();
  const actionData = useActionData<{ locationError?: LocationError } | undefined>();
  const error = actionData?.locationError;
  const errorsFor = (intent: string, field: string) =>
    error?.intent === intent ? translate(error.fieldErrors[field]) : undefined;
  const formErrorsFor = (intent: string) =>
    error?.intent === intent ? translate(error.formErrors) : undefined;
  // A location cannot move under itself or its sub-locations: they are not offered.
  const moveTargets = selected
    ? flatten(nodes).filter((node) => node.id !== selected.id && !node.ancestorIds.includes(selected.id))
    : [];

  return (
    <section className={className} aria-labelledby="location-manager-title">
      <h2 id="location-manager-title" className="text-base font-semibold text-slate-900">
        {labels.title}
      </h2>
      <div className="mt-3 space-y-4">
        <Form method="post" action={action} className="space-y-2">
          <input type="hidden" name="intent" value={INTENT.create} />
          <input type="hidden" name="parentId" value={selected?.id ?? ""} />
          <FormAlert errors={formErrorsFor(INTENT.create)} />
          <TextField
            label={selected ? labels.addChild : labels.addTop}
            errors={[
              ...(errorsFor(INTENT.create, "name") ?? []),
              ...(errorsFor(INTENT.create, "parentId") ?? []),
            ]}
            inputProps={{ name: "name", required: true, maxLength: 200 }}
          />
          <Button type="submit" size="sm">
            {labels.add}
          </Button>
        </Form>

        {selected ? (
          <>
            <Form method="post" action={action} className="space-y-2 border-t border-slate-200 pt-3">
              <input type="hidden" name="intent" value={INTENT.rename} />
              <input type="hidden" name="id" value={selected.id} />
              <FormAlert errors={formErrorsFor(INTENT.rename)} />
              <TextField
                label={labels.newName}
                errors={[
                  ...(errorsFor(INTENT.rename, "name") ?? []),
                  ...(errorsFor(INTENT.rename, "id") ?? []),
                ]}
                inputProps={{ name: "name", required: true, maxLength: 200, defaultValue: selected.name }}
              />
              <Button type="submit" size="sm" variant="secondary">
                {labels.rename}
              </Button>
            </Form>

            <MoveForm
              action={action}
              selected={selected}
              targets={moveTargets}
              labels={labels}
              noParentLabel={t("locations:fields.noParent")}
              errors={[
                ...(errorsFor(INTENT.move, "parentId") ?? []),
                ...(errorsFor(INTENT.move, "id") ?? []),
              ]}
              formErrors={formErrorsFor(INTENT.move)}
            />

            <div className="space-y-2 border-t border-slate-200 pt-3">
              <FormAlert
                errors={[...(formErrorsFor(INTENT.delete) ?? []), ...(errorsFor(INTENT.delete, "id") ?? [])]}
              />
              {hydrated ? (
                <ConfirmDialog
                  tone="danger"
                  title={labels.deleteTitle}
                  description={labels.deleteDescription}
                  confirmLabel={labels.delete}
                  submit={{ action, fields: { intent: INTENT.delete, id: selected.id } }}
                  trigger={
                    <Button size="sm" variant="danger">
                      {labels.delete}
                    </Button>
                  }
                />
              ) : (
                // Without JavaScript the disclosure is the "are you sure" step.
                <details>
                  <summary className={buttonClass("danger", "sm")}>{labels.delete}</summary>
                  <Form method="post" action={action} className="mt-2 space-y-2">
                    <input type="hidden" name="intent" value={INTENT.delete} />
                    <input type="hidden" name="id" value={selected.id} />
                    <p className="text-sm text-slate-700">{labels.deleteDescription}</p>
                    <Button type="submit" size="sm" variant="danger">
                      {labels.deleteTitle}
                    </Button>
                  </Form>
                </details>
              )}
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}

function MoveForm({
  action,
  selected,
  targets,
  labels,
  noParentLabel,
  errors,
  formErrors,
}: {
  action?: string;
  selected: LocationNode;
  targets: LocationNode[];
  labels: LocationManagerLabels;
  noParentLabel: string;
  errors?: string[];
  formErrors?: string[];
}) {
  const id = `location-move-${selected.id}`;
  const { errorId, describedBy } = fieldDescription(id, errors);
  return (
    <Form method="post" action={action} className="space-y-2 border-t border-slate-200 pt-3">
      <input type="hidden" name="intent" value={INTENT.move} />
      <input type="hidden" name="id" value={selected.id} />
      <FormAlert errors={formErrors} />
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {labels.moveTo}
        </label>
        <select
          id={id}
          name="parentId"
          defaultValue={selected.parentId ?? ""}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
          className={controlClass(Boolean(errorId))}
        >
          <option value="">{noParentLabel}</option>
          {targets.map((node) => (
            <option key={node.id} value={node.id}>
              {node.ancestorsName}
            </option>
          ))}
        </select>
        <FieldMessages errors={errors} errorId={errorId} />
      </div>
      <Button type="submit" size="sm" variant="secondary">
        {labels.move}
      </Button>
    </Form>
  );
}
