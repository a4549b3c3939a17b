// Texts both sides use for a failure that is not the user's doing. No zod here: the web app's first
// screen reads them (issue 10).

/** A request that failed on the server's side (a 5xx): the server's message, and the web app's when none came (a proxy's bare 502). */
export const SERVER_FAILURE_MESSAGE = 'Something went wrong on our side. Please try again later.';
