/**
 * A control's value as one of the choices an API field takes, or undefined when it is none of them
 * (an empty "Choose..." option). Selects and radios hold strings; the typed call wants the choice.
 */
export function choiceOf<Choice extends string | number>(
  choices: readonly Choice[],
  value: unknown,
): Choice | undefined {
  return choices.find((choice) => choice === value);
}
