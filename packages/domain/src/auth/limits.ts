// Sign-in field limits: the login body's schema checks them, and the sign-in form holds its inputs to
// them, so a long paste is cut at the field instead of refused by the server in its own words.
// A module without zod: the sign-in form is in the start-up chunk (decision 015).

export const LOGIN_EMAIL_MAX_LENGTH = 255;
export const LOGIN_PASSWORD_MAX_LENGTH = 1000;
