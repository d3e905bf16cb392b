import type { Command, Option } from 'commander';

const REQUIRED = new WeakSet<Option>();

/**
 * Commander checks required options before unknown ones, so `keys list --acount 2` would answer
 * "required option '--account <id>' not specified" where "did you mean --account?" helps. So the
 * program's required options are checked after the unknown ones, before the action, in commander's
 * words and with its code; the help still marks them (`isRequired`).
 */
export function checkRequiredOptionsLast(program: Command): void {
  for (const command of [program, ...descendants(program)]) {
    const required = command.options.filter((option) => option.mandatory);
    if (required.length === 0) continue;
    for (const option of required) {
      option.makeOptionMandatory(false);
      REQUIRED.add(option);
    }
    command.hook('preAction', (_hooked, action) => {
      const missing = required.find((option) => action.getOptionValue(option.attributeName()) === undefined);
      if (missing) action.error(`error: required option '${missing.flags}' not specified`, { code: 'commander.missingMandatoryOptionValue' });
    });
  }
}

/** Whether the command requires the option: the help marks it. */
export function isRequired(option: Option): boolean {
  return option.mandatory || REQUIRED.has(option);
}

function descendants(command: Command): Command[] {
  return command.commands.flatMap((child) => [child, ...descendants(child)]);
}
