// discord-api-spec's package.json gives its Zod module's JavaScript as that module's types, which TypeScript
// does not read (allowJs is off). The fake looks the schemas up by name (spec-check.ts), so naming one export
// is declaration enough.
declare module 'discord-api-spec/zod' {
  /** Chooses z.strictObject for the schemas made after the call; those of the module are made when it loads. */
  export const setStrictObject: (strict: boolean) => unknown;
}
