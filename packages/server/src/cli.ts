import { Command, Option } from 'commander';
import { backupCommands } from './commands/backup-commands.js';
import { transferCommands } from './commands/transfer-commands.js';
import { environmentFromFlags, settingsFromFlags } from './environment.js';
import { SETTING_DEFS, flagName, loadSettings, type Settings } from './settings.js';
import { VERSION } from './shared/version.js';

export { VERSION };

export interface ServeRequest {
  settings: Settings;
  /** What the settings were read from (names tsnacos does not know are warned about). */
  environment: Record<string, string | undefined>;
}

/** The `tsnacos` command; `serve` (the default) starts the server, other subcommands are tools. */
export function createProgram(serve: (req: ServeRequest) => Promise<void>): Command {
  const program = new Command('tsnacos')
    .description('A nacos-compatible configuration center and service registry (HTTP v1, gRPC v2, web console).')
    .version(VERSION);

  const serveCommand = new Command('serve')
    .description('start the server (the default command)')
    .option('-e, --env-file <path>', 'read settings from this env file (default: .env in the working directory)');
  for (const def of SETTING_DEFS) {
    serveCommand.addOption(
      new Option(`--${flagName(def.env)} <value>`, `${def.describe} [${def.env}, default ${def.defaultText}]`),
    );
  }
  serveCommand.action(async (flags: Record<string, string | undefined>) => {
    const environment = environmentFromFlags(flags);
    await serve({ settings: loadSettings(environment), environment });
  });
  program.addCommand(serveCommand, { isDefault: true });
  for (const command of transferCommands(settingsFromFlags)) program.addCommand(command);
  for (const command of backupCommands(settingsFromFlags)) program.addCommand(command);
  program.addHelpText(
    'after',
    '\nWithout a command, tsnacos starts the server: `tsnacos --http-port 9000` is `tsnacos serve --http-port 9000`.\n' +
      'Every server flag is also an environment variable: see `tsnacos serve --help`.',
  );
  return program;
}
