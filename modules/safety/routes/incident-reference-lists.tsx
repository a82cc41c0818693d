import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FormAlert } from "~/app/ui/field";
import { StatusBadge } from "~/app/ui/status-badge";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { REFERENCE_CATEGORIES } from "../domain/incident-fields";
import { INCIDENT_PATH } from "../server/incident-basics";
import { changeReferenceItem, referenceLists } from "../server/incident-reference.server";
import { useIncidentText } from "../ui/incident-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "Incident reference lists | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return {
    lists: await referenceLists(context.em, context.project.id),
    canChange: context.can("safety.incidents.create-settings"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  return changeReferenceItem(context, intent, formData);
}

const input = "block h-9 w-full min-w-0 rounded-md border border-slate-300 px-2 text-sm";

/** The incident reference lists (spec 9): each category's choices, added, renamed, archived and restored. */
export default function ReferenceListsPage() {
  const { lists, canChange } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]> | undefined>();
  const { t, translate } = useIncidentText();
  const errors = translate(Object.values(lastResult?.error ?? {}).flatMap((list) => list ?? []));
  return (
    <div className="space-y-6">
      <Link to={INCIDENT_PATH} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("safety:incident.register.title")}
      </Link>
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">{t("safety:incident.reference.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{t("safety:incident.reference.intro")}</p>
      </header>
      <FormAlert errors={errors} />
      <div className="grid gap-4 lg:grid-cols-2">
        {REFERENCE_CATEGORIES.map((category) => (
          <section
            key={category}
            aria-labelledby={`list-${category}`}
            className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
          >
            <h2 id={`list-${category}`} className="text-base font-semibold text-slate-900">
              {t(`safety:incident.reference.categories.${category}`)}
            </h2>
            <ul className="space-y-2">
              {lists[category].map((item) => (
                <li key={item.id} className="flex flex-wrap items-center gap-2 text-sm">
                  {canChange ? (
                    <Form method="post" className="flex grow items-center gap-2">
                      <input type="hidden" name="intent" value="rename" />
                      <input type="hidden" name="itemId" value={item.id} />
                      <input
                        name="label"
                        defaultValue={item.label}
                        maxLength={200}
                        aria-label={t("safety:incident.reference.labelOf", { label: item.label })}
                        className={`${input} ${item.archived ? "text-slate-400 line-through" : ""}`}
                      />
                      <Button type="submit" size="sm" variant="secondary">
                        {t("safety:incident.reference.rename")}
                      </Button>
                    </Form>
                  ) : (
                    <span className={`grow ${item.archived ? "text-slate-400 line-through" : ""}`}>
                      {item.label}
                    </span>
                  )}
                  {item.archived ? (
                    <StatusBadge tone="neutral">{t("safety:incident.reference.archived")}</StatusBadge>
                  ) : null}
                  {canChange ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value={item.archived ? "restore" : "archive"} />
                      <input type="hidden" name="itemId" value={item.id} />
                      <Button type="submit" size="sm" variant="ghost">
                        {t(
                          item.archived
                            ? "safety:incident.reference.restore"
                            : "safety:incident.reference.archive",
                        )}
                      </Button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
            {canChange ? (
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="category" value={category} />
                <input
                  name="label"
                  maxLength={200}
                  required
                  aria-label={t("safety:incident.reference.newLabel", {
                    list: t(`safety:incident.reference.categories.${category}`),
                  })}
                  className={input}
                />
                <Button type="submit" size="sm">
                  {t("safety:incident.reference.add")}
                </Button>
              </Form>
            ) : null}
          </section>
        ))}
      </div>
    </div>
  );
}
