import { runCli } from './cli/run-cli';

runCli(process.argv.slice(2), process)
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
