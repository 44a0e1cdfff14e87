import { spawnSync } from 'node:child_process';

/**
 * The path of a Debian tool the operations tests run (Prometheus, HAProxy, PgBouncer), which
 * `scripts/install-ops-tools.sh` installs; a clear failure, not a skip, when it is missing.
 */
export async function installedCommand(command: string, debianPackage: string): Promise<string> {
  for (const candidate of [command, `/usr/sbin/${command}`, `/usr/bin/${command}`]) {
    if (
      spawnSync(candidate, ['--version'], { stdio: 'ignore' }).status === 0 ||
      spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0
    )
      return candidate;
  }
  throw new Error(
    `${command} is not installed: run \`bash scripts/install-ops-tools.sh\` (Debian: apt-get install -y ${debianPackage})`,
  );
}
