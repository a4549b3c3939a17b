// Limits of pricing inputs (tariffs, price edits, driver pay): the largest amount, weight and package
// count a screen or the API takes, and how many price levels a tariff holds. Without zod, so the
// booking list's price cells check them without loading the pricing schemas (issue 10).

export const MAX_PRICE_LEVELS = 50;
export const MAX_KG = 99_999;
export const MAX_EURO = 999_999;
export const MAX_PACKAGES = 9999;
