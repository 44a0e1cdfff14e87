/**
 * The length of a password being chosen, in every area (sign-up, reset, an admin setting one).
 * Without zod: the front end's `NewPasswordField` takes the same limits.
 */
export const NEW_PASSWORD_MIN_LENGTH = 8;
export const NEW_PASSWORD_MAX_LENGTH = 200;
