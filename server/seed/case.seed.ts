import type { Database } from '../platform/db/database';
import type { DemoWorkspace } from './demo.seed';

/** Demo workflow for the case API: filled in by the workflow work. */
export async function seedCase(_db: Database, _ws: DemoWorkspace): Promise<void> {}
