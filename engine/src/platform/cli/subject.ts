import { Argument, type Command, Option } from 'commander';

/**
 * One way to name things: what a command acts on is its argument (`accounts set 2`, `keys revoke 3`,
 * `mailboxes test 4 --account 2`); the account it belongs to, and what narrows or changes it, are
 * options. `olderForm` is the option an earlier release took instead (`--id <id>`): still accepted,
 * hidden from the help, and the action gets its value as the argument. The subject is the command's
 * only argument.
 */
export function subjectArgument<T>(command: Command, name: string, description: string, parse: (value: string) => T, olderForm: string): Command {
  const older = new Option(olderForm, description).argParser((value: string) => parse(value)).hideHelp();
  return (
    command
      // Optional to commander, so that the older form may stand in for it; required to the person reading the usage.
      .addArgument(new Argument(`[${name}]`, description).argParser((value: string) => parse(value)))
      .usage(`<${name}> [options]`)
      .addOption(older)
      .hook('preAction', (action) => {
        const given = action.processedArgs[0] as T | undefined;
        const viaOption = action.getOptionValue(older.attributeName()) as T | undefined;
        if (given !== undefined && viaOption !== undefined && given !== viaOption) {
          action.error(`error: ${name} given twice: ${String(given)}, and ${String(viaOption)} with ${older.long}`, { code: 'commander.conflictingOption' });
        }
        if (given === undefined && viaOption === undefined) action.error(`error: missing required argument '${name}'`, { code: 'commander.missingArgument' });
        action.processedArgs[0] = given ?? viaOption;
      })
  );
}
