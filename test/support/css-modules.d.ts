// Tests import web modules (route tables, pure helpers) whose imports reach CSS Modules. The web's
// own type check has Vite's declarations for them; this gives the server and test program the one
// it needs, so those imports type-check here too (Vitest hands the classes over at run time).
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
