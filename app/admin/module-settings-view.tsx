import { Link } from "@remix-run/react";
import { type SettingsCardView, SettingsFormCard, type SettingsFormResult } from "./settings-form";

type ModuleSettingsViewProps = {
  /** The register the page belongs to, as a link back ("← Actions"). */
  back?: { to: string; label: string };
  title: string;
  intro: string;
  cards: SettingsCardView[];
  /** The action's answer to a form that did not validate: only the form it names shows the errors. */
  actionData?: { formKey: string; result: SettingsFormResult };
  /** Shown between the header and the cards (links to the module's other settings pages, a hint). */
  children?: React.ReactNode;
  /** Shown after the cards (quality's "who hears what" table). */
  after?: React.ReactNode;
};

/** A module's own settings page (server/settings/module-settings-page.server): its header and the core's cards. */
export function ModuleSettingsView({
  back,
  title,
  intro,
  cards,
  actionData,
  children,
  after,
}: ModuleSettingsViewProps) {
  return (
    <div className="space-y-6">
      {back ? (
        <Link to={back.to} className="inline-block text-sm font-medium text-brand-700 hover:underline">
          ← {back.label}
        </Link>
      ) : null}
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{intro}</p>
      </header>
      {children}
      {cards.map((card) => (
        <SettingsFormCard
          key={card.key}
          card={card}
          result={actionData?.formKey === card.key ? actionData.result : undefined}
        />
      ))}
      {after}
    </div>
  );
}
