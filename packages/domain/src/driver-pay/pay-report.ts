// The driver pay analysis report (spec 2 §9): the weeks it covers and what the screen says when it
// is ready or fails. Without zod, so the pay screen's route module loads no schema (issue 10).

/** Weeks the driver pay analysis covers (spec 2 §9: 12). */
export const DRIVER_PAY_REPORT_WEEKS = 12;
export const MAX_DRIVER_PAY_REPORT_WEEKS = 52;
export const DRIVER_PAY_REPORT_GENERATED = 'Driver pay analysis report has been generated';
export const DRIVER_PAY_REPORT_FAILED = 'There was an error generating the driver pay analysis report';
