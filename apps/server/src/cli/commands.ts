import type { CliCommand } from './cli-command';
import { ed50Command } from './ed50-command';
import { importCommand } from './import-command';
import { taxaImportCommand } from './taxa-import-command';
import {
  userApproveOrcid,
  userCreate,
  userDisable,
  userEnable,
  userPasswd,
  userRole,
} from './user-commands';

/** Every CLI command. Add a command by adding its module here. */
export const commands: readonly CliCommand[] = [
  userCreate,
  userPasswd,
  userDisable,
  userEnable,
  userRole,
  userApproveOrcid,
  importCommand,
  taxaImportCommand,
  ed50Command,
];
