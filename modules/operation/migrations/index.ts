// The operation module's migrations, listed explicitly so the server build bundles them. `npm run db:migration -- --module operation` rewrites this file.

export const migrations = [];
