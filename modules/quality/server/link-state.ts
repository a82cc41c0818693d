// The link states moved to the core (server/links) when safety's sign-on links took them up (decision 035).
export { type OpenLinkState, openLinkState } from "~/server/links/state";
