import type { AreaDeps } from './area.js';
import { createMediaStorage, type MediaStorage } from './storage.js';

type AreaName = 'cases' | 'lms' | 'network';

/**
 * What every area's route files share: the area's context starts with these and adds its own
 * parts (its mail wiring, limits, sign-in), see each `server/<area>/route-context.ts`.
 */
export type AreaContext<Name extends AreaName> = {
  deps: AreaDeps;
  db: AreaDeps['database']['db'];
  /** The area's own settings (`config.cases`, `config.lms`, `config.network`). */
  settings: AreaDeps['config'][Name];
  /** The injected clock's time. */
  now: () => Date;
  storage: MediaStorage;
};

export function areaContext<Name extends AreaName>(deps: AreaDeps, name: Name): AreaContext<Name> {
  return {
    deps,
    db: deps.database.db,
    settings: deps.config[name],
    now: () => deps.clock.now(),
    storage: createMediaStorage(deps.config.storage, deps.config.dataDir),
  };
}
