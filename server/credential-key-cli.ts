import { ConfigError, loadConfig } from './config.js';
import { generateCredentialKey } from './platform/credentials.js';
import { rotateCredentialKey } from './platform/secrets.js';

const USAGE =
  'Usage: npm run credential-key -- rotate (a new signing key in DATA_DIR/secrets.json) | npm run credential-key -- new (prints one for CREDENTIAL_SIGNING_KEYS)';

/** The credentials' signing key: rotated in secrets.json, or a new one printed for the setting (docs/operations.md). */
async function main(): Promise<void> {
  const [command] = process.argv.slice(2);
  if (command === 'new') {
    console.log(JSON.stringify(await generateCredentialKey()));
    return;
  }
  if (command !== 'rotate') {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  if (config.credentialSigningKeys) {
    console.error(
      'CREDENTIAL_SIGNING_KEYS is set: rotate by putting a new key (npm run credential-key -- new) first in it',
    );
    process.exit(2);
  }
  const { keys } = await rotateCredentialKey(config.dataDir);
  console.log(`A new signing key is first of ${keys} in secrets.json; restart the app to sign with it.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
