import { type Provider, provide } from "~/server/extensions/contracts";

export const provider: Provider<"home.widgets"> = provide("home.widgets", { widgets: [] });
