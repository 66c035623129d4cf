import type { Database } from './db/database';
import type { PasswordHasher } from './passwords';
import type { SessionRepository } from './sessions';
import type { SiteResolver } from './tenancy';
import type { DirectFileUrls } from './signed-files';
import type { EvidenceVault } from './evidence-vault';
import type { Mailer, SmsSender } from './messages';
import type { WorkspaceGateState } from './workspace-gates';
import type { PermissionStore } from './permissions';
import type { RateLimits } from './rate-limiter';
import type { UploadLimits } from '../../src/domain/files/uploads';
import type { Clock } from './clock';
import type { JobQueue } from './jobs';
import type { PeopleEvents } from './people-events';
import type { FileParseLimits, ParseSlots } from './parse-slots';

export interface ServerSettings {
  /** The main (marketing) site's host name, without port. */
  mainHost: string;
  /**
   * The main site's public address (`PUBLIC_URL`, e.g. `https://safeplace.example`); links in messages take its
   * scheme and port, with the main host or a workspace's stored address. Defaults to `http://<mainHost>`.
   */
  publicUrl?: string;
  /** Largest accepted upload, in bytes. */
  maxUploadBytes: number;
  /** The largest course upload of each kind; DEFAULT_UPLOAD_LIMITS when omitted. */
  uploadLimits?: UploadLimits;
  /** Serve the outbox at /dev/outbox (development and tests only: it shows every code sent). */
  outboxPage?: boolean;
  /** The social sign-in providers this server is configured for (set by buildApp from its OIDC providers). */
  socialSignIn?: ('google' | 'microsoft')[];
  /** Consecutive wrong one-time codes that lock an account for LOCKOUT_MINUTES (default LOCKOUT_AFTER_FAILURES, 100). */
  codeLockoutAfter?: number;
  /** The longest a client may take to send a whole request, body included; default 10 minutes (a 500 MB video at 7 Mbit/s). */
  requestTimeoutMs?: number;
  /** Where the public site's demo requests are mailed (`SALES_EMAIL`); `sales@<mainHost>` when omitted. */
  salesEmail?: string;
  /** Spreadsheet uploads received and parsed at once (server/platform/parse-slots.ts); DEFAULT_FILE_PARSES when omitted. */
  fileParses?: FileParseLimits;
  /** Complaints a member files a day (`COMPLAINTS_PER_DAY`); DEFAULT_COMPLAINTS_PER_DAY (5) when omitted. */
  complaintsPerDay?: number;
  /** Bytes of rendered course details kept by content revision (server/learning/courses/details-cache.ts); 0: off. */
  courseDetailsCacheBytes?: number;
  /** The background import runner (server/main/imports/import-runner.ts); defaults: 5,000 rows a batch, stale after 15 s. */
  /** The course reminder run: learners per transaction, and a test hook before each batch. */
  reminders?: ReminderSettings;
  /** Report exports (server/learning/reports/report-export.ts): rows a page, when a silent export is started again, a test hook. */
  reports?: import('./report-export-options').ReportExportOptions;
  /** Outgoing webhooks (server/platform/webhooks, docs/webhooks.md). */
  webhooks?: import('./webhooks/webhook-sender').WebhookSenderSettings;
  imports?: {
    batchSize?: number;
    staleAfterMs?: number;
    /** Tests only: runs before each batch's transaction. */
    beforeBatch?: (jobId: string, batchNo: number) => Promise<void>;
  };
}

/** The course reminder run's settings (ServerSettings.reminders, server/learning/courses/course-notifications.ts). */
export interface ReminderSettings {
  /** Learners per transaction of a reminder run (default 500). */
  batchSize?: number;
  /** Tests only: runs before each batch's transaction (a throw interrupts the run there). */
  beforeBatch?: (batchNo: number) => Promise<void>;
}

/** What every API plugin is given: typed options, no global decorations. */
export interface ApiDeps {
  db: Database;
  sessions: SessionRepository;
  sites: SiteResolver;
  passwords: PasswordHasher;
  /**
   * The one file store (DESIGN 4b): signed URLs for uploads and downloads that go straight to it (course media,
   * evidence), and the files the server writes itself (profile pictures, import files, report exports).
   */
  fileUrls?: DirectFileUrls;
  /** Evidence encrypted at rest, over `fileUrls` (server/platform/evidence-vault.ts); absent: evidence uploads answer 503. */
  evidence?: EvidenceVault;
  mail: Mailer;
  sms: SmsSender;
  settings: ServerSettings;
  /** Which workspaces are closed by maintenance or elevated-IP mode (set once the gates are installed). */
  gates?: WorkspaceGateState;
  /** Each workspace's permission switches by role (server/platform/permissions.ts). */
  permissions: PermissionStore;
  /** Rate limits kept in the database, shared by every server process (server/platform/rate-limiter.ts). */
  limits: RateLimits;
  /** The bound on spreadsheet uploads parsed at once in this process (server/platform/parse-slots.ts). */
  parses: ParseSlots;
  /** The secret that keys the reporters' address hashes, never in the database (server/case/complaints/intake-address.ts). */
  intakeAddressKey: Uint8Array;
  /** Where jobs and due dates read the time (tests move it). */
  clock: Clock;
  /**
   * Runs after a platform admin's new workspace is committed: the case API's statutory complaint process (set by
   * buildApp, the composition root, so that the main API imports nothing of the case API's folder).
   */
  workspaceCreated: (workspaceId: string, meta: { ip: string | null }) => Promise<unknown>;
  /** The background job queue (server/platform/jobs.ts); absent in tests that do not start it. */
  jobs?: JobQueue;
  /** Outgoing signed webhooks: the address checks and the delivery job (server/platform/webhooks, docs/webhooks.md). */
  webhooks: import('./webhooks/webhook-deliveries').WebhookDeliveries;
  /** People created or changed (import, invitation claimed, sign-up, edit), announced after the commit (auto-assignment listens). */
  people: PeopleEvents;
}
