import type { CourseLanguageRow } from './course-model';

/**
 * The rendered contents of course details (the heavy part: every block and question in one language, the
 * translation gaps and the publish checklist), kept as JSON text and keyed by the course's content revision
 * (migration 0033: a trigger moves it on every write to anything they are built from). A reader compares the
 * revision of the course row it reads anyway, so a change made through any server process is seen at once; this
 * cache only saves rebuilding the same 1 MB answer for the next reader. Like Moodle's course cache (`cacherev`).
 *
 * Bounded by bytes (least recently used first out); 0 switches it off.
 */
export interface RenderedCourse {
  revision: string;
  languages: CourseLanguageRow[];
  /** Per served language and words kept (`HINDI:SERVED`, `HINDI:ALL`): `"contents":[...],"missingTranslations":[...],"checklist":{...}`. */
  fragments: Map<string, string>;
  bytes: number;
}

export const DEFAULT_COURSE_CACHE_BYTES = 32 * 1024 * 1024;

export class CourseDetailsCache {
  private readonly entries = new Map<string, RenderedCourse>();
  private bytes = 0;

  constructor(readonly maxBytes = DEFAULT_COURSE_CACHE_BYTES) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** The course at this revision, or nothing (an older revision is dropped). */
  get(workspaceId: string, courseId: string, revision: string): RenderedCourse | undefined {
    const key = `${workspaceId}/${courseId}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.revision !== revision) {
      this.bytes -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps one language's fragment of the course at this revision. */
  put(
    workspaceId: string,
    courseId: string,
    revision: string,
    languages: CourseLanguageRow[],
    variant: string,
    fragment: string,
  ): void {
    if (!this.enabled || fragment.length * 2 > this.maxBytes) return;
    const key = `${workspaceId}/${courseId}`;
    let entry = this.entries.get(key);
    if (entry && entry.revision !== revision) {
      this.entries.delete(key);
      this.bytes -= entry.bytes;
      entry = undefined;
    }
    if (!entry) {
      entry = { revision, languages, fragments: new Map(), bytes: 0 };
      this.entries.set(key, entry);
    }
    const before = entry.fragments.get(variant);
    const size = fragment.length * 2;
    entry.fragments.set(variant, fragment);
    const delta = size - (before ? before.length * 2 : 0);
    entry.bytes += delta;
    this.bytes += delta;
    for (const [oldest, victim] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= victim.bytes;
    }
  }

  /** (tests) the bytes held. */
  get size(): number {
    return this.bytes;
  }
}
