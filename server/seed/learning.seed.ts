import type { Database } from '../platform/db/database';
import type { DemoWorkspace } from './demo.seed';

/** Demo course for the learning API: filled in by the course work. */
export async function seedLearning(_db: Database, _ws: DemoWorkspace): Promise<void> {}
