import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { ConfirmInPlaceForm } from "~/app/ui/confirm-in-place-form";
import { EditInPlace } from "~/app/ui/edit-in-place";
import { EmptyState } from "~/app/ui/empty-state";
import { PageHeader } from "~/app/ui/page-header";
import { Pagination } from "~/app/ui/pagination";
import { SearchBox } from "~/app/ui/search-box";
import { StatusBadge } from "~/app/ui/status-badge";
import { useLastPost } from "~/app/ui/use-last-post";
import { formatDate } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { projectToday } from "~/server/projects/time-zone.server";
import { loadPersonnel, personnelAction } from "../server/people.server";
import { PersonForm, TicketForm } from "../ui/person-form";
import { useRosteringText } from "../ui/rostering-text";
import { TemplateLinks } from "../ui/template-links";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction = () => [{ title: "Personnel | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const [page, today] = await Promise.all([
    loadPersonnel(context, new URL(request.url)),
    projectToday(context.em, context.project),
  ]);
  return { ...page, today };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  return personnelAction(context, requireIntent(context, formData), formData);
}

const EMPTY = { fullName: "", email: "", phone: "", role: "", companyId: "", homeLocation: "" };

/** /rostering/rostering/personal-management: the people who can be rostered, their tickets and expiry. */
export default function PersonnelPage() {
  const { people, companies, can, q, page, pageSize, total, today } = useLoaderData<typeof loader>();
  const { t, translate, locale } = useRosteringText();
  const deleteLast = useLastPost("delete");
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("rostering:person.title")}
        description={t("rostering:person.intro")}
        actions={<TemplateLinks kind="PersonnelTemplate" canImport={can.create} />}
      />
      {can.create ? (
        <EditInPlace recordId="new" label={t("rostering:person.add")}>
          {(action) => (
            <PersonForm
              values={EMPTY}
              companies={companies}
              submit={t("rostering:person.add")}
              action={action}
            />
          )}
        </EditInPlace>
      ) : null}
      <SearchBox label={t("rostering:person.search")} placeholder={t("rostering:person.searchPlaceholder")} />
      {people.length === 0 ? (
        <EmptyState
          title={q ? t("rostering:person.noResults") : t("rostering:person.none")}
          description={q ? undefined : t("rostering:person.noneHint")}
        />
      ) : (
        <ul className="space-y-3" aria-label={t("rostering:person.title")}>
          {people.map((person) => (
            <li
              key={person.id}
              className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm"
              data-person={person.fullName}
            >
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold text-slate-900">{person.fullName}</span>
                <span className="text-slate-600">
                  {person.company ? `${person.role} · ${person.company}` : person.role}
                </span>
              </p>
              <p className="break-words text-slate-600">
                {[person.email, person.phone, person.homeLocation].filter(Boolean).join(" · ") || "-"}
              </p>
              <p className="flex flex-wrap gap-1" title={t("rostering:person.tickets")}>
                {person.tickets.length === 0
                  ? t("rostering:person.noTickets")
                  : person.tickets.map((ticket) => {
                      const expired = ticket.expiresOn !== null && ticket.expiresOn < today;
                      const expiry = ticket.expiresOn
                        ? ` · ${t(expired ? "rostering:person.expired" : "rostering:person.expires", { date: formatDate(ticket.expiresOn, locale) })}`
                        : "";
                      return (
                        <StatusBadge key={ticket.id} tone={expired ? "danger" : "neutral"}>
                          {`${ticket.name}${expiry}`}
                        </StatusBadge>
                      );
                    })}
              </p>
              {can.edit || can.delete ? (
                <EditInPlace recordId={person.id} label={t("rostering:person.edit")}>
                  {(action) => (
                    <>
                      {can.edit ? (
                        <>
                          <PersonForm
                            personId={person.id}
                            values={{
                              fullName: person.fullName,
                              email: person.email ?? "",
                              phone: person.phone ?? "",
                              role: person.role,
                              companyId: person.companyId ?? "",
                              homeLocation: person.homeLocation ?? "",
                            }}
                            companies={companies}
                            submit={t("rostering:save")}
                            action={action}
                          />
                          <TicketForm personId={person.id} action={action} />
                          {person.tickets.map((ticket) => (
                            <Form key={ticket.id} method="post" action={action} className="inline-block">
                              <input type="hidden" name="intent" value="remove-ticket" />
                              <input type="hidden" name="ticketId" value={ticket.id} />
                              <Button type="submit" size="sm" variant="ghost">
                                {t("rostering:person.removeTicket", { name: ticket.name })}
                              </Button>
                            </Form>
                          ))}
                        </>
                      ) : null}
                      {can.delete ? (
                        <ConfirmInPlaceForm
                          summary={t("rostering:person.delete")}
                          action={action}
                          intent="delete"
                          fields={{ personId: person.id }}
                          confirmLabel={t("rostering:confirmed")}
                          submitLabel={t("rostering:person.deleteTitle", { name: person.fullName })}
                          errors={translate(deleteLast?.formErrors)}
                        />
                      ) : null}
                    </>
                  )}
                </EditInPlace>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} />
    </div>
  );
}
