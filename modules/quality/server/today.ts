/** Today's date as YYYY-MM-DD by the server's clock in UTC: the default of a record's site date. */
export const today = () => new Date().toISOString().slice(0, 10);
