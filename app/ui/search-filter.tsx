import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "./cn";
import { useHydrated } from "./use-hydrated";

export type SearchFilterChoice = { value: string; label: string };

type SearchFilterProps = {
  legend: string;
  /** The search param each chosen value adds (?itp=…&itp=…), as a checkbox does. */
  name: string;
  /**
   * The param of the text in the search box when the form is sent with it (no suggestion chosen, or no
   * JavaScript): the loader turns the text into the values the suggestions would have been.
   */
  textName: string;
  /** The values the URL has, with their labels: ticked boxes, so they can be unticked without JavaScript. */
  selected: readonly SearchFilterChoice[];
  /** Where the suggestions come from: a URL answering `{ choices: [{ value, label }] }` for a text. */
  choicesHref: (text: string) => string;
  /** The text sent last that matched nothing: it stays in the box, with a message. */
  unmatched?: string | null;
};

/** Waits this long after a keystroke before asking the server, so typing a word is one request. */
const TYPING_PAUSE_MS = 150;

/**
 * A filter of several values from a list too long to put in the page (a project's ITPs, work packs): the
 * chosen values are checkboxes, and a search box suggests the others as the user types (a combobox), asked
 * from the server. Without JavaScript the box is a plain text field sent with the filter form.
 */
export function SearchFilter({
  legend,
  name,
  textName,
  selected,
  choicesHref,
  unmatched,
}: SearchFilterProps) {
  const { t } = useTranslation("ui");
  const hydrated = useHydrated();
  const id = useId();
  const listId = `${id}-list`;
  const [chosen, setChosen] = useState<readonly SearchFilterChoice[]>(selected);
  const [text, setText] = useState(unmatched ?? "");
  // null: the suggestions are closed.
  const [choices, setChoices] = useState<SearchFilterChoice[] | null>(null);
  const [active, setActive] = useState(-1);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const ask = (value: string, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      try {
        const response = await fetch(choicesHref(value.trim()), {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        if (!response.ok) return;
        const body = (await response.json()) as { choices: SearchFilterChoice[] };
        setChoices(body.choices);
        setActive(-1);
      } catch {
        // Aborted by the next keystroke, or offline: the box still works as text sent with the form.
      }
    }, delay);
  };

  const close = () => {
    clearTimeout(timer.current);
    request.current?.abort();
    setChoices(null);
    setActive(-1);
  };

  const chosenValues = new Set(chosen.map((choice) => choice.value));
  const offered = choices?.filter((choice) => !chosenValues.has(choice.value)) ?? null;

  const choose = (choice: SearchFilterChoice) => {
    setChosen((current) => [...current, choice]);
    setText("");
    close();
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" && offered) {
      event.preventDefault();
      close();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!offered) return ask(text, 0);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (offered.length ? (current + step + offered.length) % offered.length : -1));
    } else if (event.key === "Enter" && offered && active >= 0 && offered[active]) {
      // Enter on a suggestion chooses it; otherwise it sends the form with the text.
      event.preventDefault();
      choose(offered[active]);
    }
  };

  const expanded = hydrated && offered !== null;
  const showUnmatched = Boolean(unmatched) && text === unmatched && !expanded;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {chosen.length ? (
        <div className="checks space-y-1">
          {chosen.map((choice) => (
            <label key={choice.value}>
              <input type="checkbox" name={name} value={choice.value} defaultChecked />
              {choice.label}
            </label>
          ))}
        </div>
      ) : null}
      <div className="relative">
        <input
          type="search"
          // With scripts an empty box sends nothing, so the URL stays short.
          name={hydrated && !text ? undefined : textName}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            ask(event.target.value, TYPING_PAUSE_MS);
          }}
          onFocus={() => ask(text, 0)}
          onBlur={close}
          onKeyDown={onKeyDown}
          aria-label={t("searchFilter.search", { name: legend })}
          placeholder={t("searchFilter.placeholder")}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={showUnmatched ? `${id}-unmatched` : undefined}
          className="input h-9 shadow-none"
        />
        {expanded ? (
          offered.length ? (
            <div
              id={listId}
              role="listbox"
              aria-label={legend}
              className="absolute z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
            >
              {offered.map((choice, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard stays in the box (arrows, Enter), as the combobox pattern has it
                <div
                  key={choice.value}
                  id={`${listId}-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  // Keeps the focus in the box, whose blur would close the list before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(choice)}
                  className={cn("cursor-pointer px-3 py-1.5 text-sm", index === active && "bg-brand-50")}
                >
                  {choice.label}
                </div>
              ))}
            </div>
          ) : (
            <p role="status" className="mt-1 text-sm text-slate-500">
              {text.trim() ? t("searchFilter.noMatch", { text: text.trim() }) : t("searchFilter.none")}
            </p>
          )
        ) : null}
      </div>
      {showUnmatched ? (
        <p id={`${id}-unmatched`} className="text-sm text-red-700">
          {t("searchFilter.noMatch", { text: unmatched })}
        </p>
      ) : null}
    </fieldset>
  );
}
