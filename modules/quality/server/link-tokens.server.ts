// The token rules moved to the core (server/links) when safety's sign-on links took them up (decision 035).
export { hashLinkToken, isPlausibleToken, linkExpiry, newLinkToken } from "~/server/links/tokens.server";
