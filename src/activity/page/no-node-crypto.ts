// The browser build's stand-in for node:crypto (scripts/build.mjs aliases it for the Activity's page). The page
// imports the catalogues, which import names from the rules engine's index, which also exports the server's dice;
// those are never called in the page, and calling one says so rather than failing somewhere obscure.
function serverOnly(): never {
  throw new Error('node:crypto is not available in the Activity page');
}

export const randomInt = serverOnly;
export const createHmac = serverOnly;
export const randomBytes = serverOnly;
