import type { Database, Sql } from '../platform/db/database';
import type { PasswordHasher } from '../platform/passwords';
import { seedLearning } from './learning.seed';
import { seedCase, seedOldSchemaWorkflow } from './case.seed';
import { seedUserManual } from './manual.seed';
import { seedPolicies } from './policies.seed';
import type { DirectFileUrls } from '../platform/signed-files';

export const DEMO_PASSWORD = 'Demo-passphrase-2026';

export interface DemoWorkspace {
  id: string;
  host: string;
  branches: { hq: string; second: string };
  departments: string[];
  adminId: string;
}

const FIRST_NAMES = [
  'Aarav',
  'Priya',
  'Rohan',
  'Ananya',
  'Vikram',
  'Meera',
  'Arjun',
  'Kavya',
  'Siddharth',
  'Isha',
  'Rahul',
  'Divya',
  'Karan',
  'Neha',
  'Aditya',
  'Pooja',
  'Nikhil',
  'Sneha',
  'Varun',
  'Riya',
  'Manish',
  'Tanvi',
  'Harsh',
  'Aditi',
  'Kunal',
  'Shreya',
  'Amit',
  'Nisha',
  'Gaurav',
  'Simran',
  'Deepak',
  'Lakshmi',
];
const LAST_NAMES = [
  'Sharma',
  'Iyer',
  'Patel',
  'Reddy',
  'Nair',
  'Gupta',
  'Singh',
  'Rao',
  'Menon',
  'Das',
  'Kulkarni',
  'Bose',
];

/** Seeds the demo data on first start only: returns false when workspaces already exist. */
/** `socialSignIn`: the providers this server is configured for; Acme offers those (and no button that cannot work). */
export async function seedDemo(
  db: Database,
  passwords: PasswordHasher,
  mainHost: string,
  socialSignIn: readonly ('google' | 'microsoft')[] = [],
  /**
   * `learning: false` leaves the course and the user manual out (a migration test seeds an older schema and writes its
   * own); `caseStory: false` writes a draft workflow with 0004's tables instead of the complaint story, which needs
   * today's schema. `files`: the file store the server serves from; with it, the demo's policies are published with
   * their PDFs (first start, server/seed/demo-seed.cli.ts); without it (the tests' seeded template) there are none.
   */
  options: { learning?: boolean; caseStory?: boolean; files?: DirectFileUrls } = {},
): Promise<boolean> {
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM workspaces');
  if (n > 0) return false;
  const hash = await passwords.hash(DEMO_PASSWORD);

  await db.system(async (tx) => {
    await tx.query(
      `INSERT INTO platform_admins (email, password_hash, first_name, last_name) VALUES ('platform@demo.test', $1, 'Platform', 'Admin')`,
      [hash],
    );
    await tx.query(`INSERT INTO feature_flags (key, value) VALUES ('maintenance', 'on'), ('elevateip', 'on')`);
  });

  const acme = await createWorkspace(db, {
    slug: 'acme',
    host: `acme.${mainHost}`,
    name: 'Acme',
    color: '#1f6feb',
    branches: ['Acme Headquarters', 'Acme Pune'],
    departments: ['Human Resources', 'Engineering', 'Sales'],
  });
  // Acme offers Google and Microsoft sign-in where the server is configured for them (OIDC_GOOGLE_* / OIDC_MICROSOFT_*).
  await db.query(`UPDATE workspaces SET social_platforms = $2::text[] WHERE id = $1`, [
    acme.id,
    socialSignIn.map((p) => p.toUpperCase()).sort(),
  ]);
  await db.tenant(acme.id, async (tx) => {
    const people: [string, string, string, string, string, string][] = [
      ['admin@acme.test', 'acme.admin', 'Asha', 'Admin', 'WORKSPACE_ADMIN', '+91 98000 00010'],
      ['employer@acme.test', 'acme.employer', 'Emil', 'Employer', 'EMPLOYER', '+91 98000 00020'],
      ['buadmin@acme.test', 'acme.buadmin', 'Bhavna', 'Unit-Admin', 'BRANCH_ADMIN', '+91 98000 00030'],
      ['employee@acme.test', 'acme.employee', 'Esha', 'Employee', 'EMPLOYEE', '+91 98000 00040'],
    ];
    for (const [i, [email, username, first, last, role, phone]] of people.entries()) {
      await insertUser(tx, acme, {
        email,
        username,
        first,
        last,
        role,
        phone,
        branch: role === 'BRANCH_ADMIN' ? acme.branches.second : acme.branches.hq,
        department: acme.departments[i % 3],
        joined: '2024-01-15',
        hash,
      });
    }
    for (let i = 0; i < 32; i++) {
      const first = FIRST_NAMES[i % FIRST_NAMES.length];
      const last = LAST_NAMES[(i * 7) % LAST_NAMES.length];
      const month = String((i % 12) + 1).padStart(2, '0');
      await insertUser(tx, acme, {
        email: `${first}.${last}${i}@acme.test`.toLowerCase(),
        username: null,
        first,
        last,
        role: 'EMPLOYEE',
        branch: i % 3 === 0 ? acme.branches.second : acme.branches.hq,
        department: acme.departments[i % 3],
        joined: `${2022 + (i % 3)}-${month}-10`,
        hash,
      });
    }
  });

  // Department managers (docs/organisation.md), so the departments screen shows some.
  await db.tenant(acme.id, async (tx) => {
    await tx.query(
      `INSERT INTO department_managers (workspace_id, department_id, user_id, role)
       SELECT $1, d.id, u.id, m.role
         FROM (VALUES ('Human Resources', 'admin@acme.test', 'HEAD'), ('Engineering', 'employer@acme.test', 'HEAD'),
                      ('Engineering', 'priya.rao1@acme.test', 'MANAGER')) AS m(department, email, role)
         JOIN departments d ON d.workspace_id = $1 AND d.branch_id = $2 AND d.name = m.department
         JOIN users u ON u.workspace_id = $1 AND u.email = m.email`,
      [acme.id, acme.branches.hq],
    );
  });

  const globex = await createWorkspace(db, {
    slug: 'globex',
    host: `globex.${mainHost}`,
    name: 'Globex',
    color: '#2f9e44',
    branches: ['Globex Headquarters', 'Globex Toronto'],
    departments: ['People Operations', 'Research'],
  });
  await db.tenant(globex.id, async (tx) => {
    await insertUser(tx, globex, {
      email: 'admin@globex.test',
      username: 'globex.admin',
      first: 'Gita',
      last: 'Globex',
      role: 'WORKSPACE_ADMIN',
      branch: globex.branches.hq,
      department: globex.departments[0],
      joined: '2023-05-01',
      hash,
    });
    await insertUser(tx, globex, {
      email: 'employee@globex.test',
      username: null,
      first: 'Gabe',
      last: 'Worker',
      role: 'EMPLOYEE',
      branch: globex.branches.second,
      department: globex.departments[1],
      joined: '2023-06-01',
      hash,
    });
    // Globex's designated recipient of notices of harassment (Canada, CA-01): server/seed/case.seed.ts.
    await insertUser(tx, globex, {
      email: 'recipient@globex.test',
      username: null,
      first: 'Rosa',
      last: 'Recipient',
      role: 'EMPLOYEE',
      branch: globex.branches.hq,
      department: globex.departments[0],
      joined: '2023-05-15',
      hash,
    });
  });

  if (options.learning !== false) await seedLearning(db, acme);
  if (options.learning !== false) await seedUserManual(db);
  if (options.files) await seedPolicies(db, options.files);
  if (options.caseStory === false) await seedOldSchemaWorkflow(db, acme);
  else await seedCase(db, acme, globex);
  return true;
}

async function createWorkspace(
  db: Database,
  w: {
    slug: string;
    host: string;
    name: string;
    color: string;
    branches: [string, string] | string[];
    departments: string[];
  },
): Promise<DemoWorkspace> {
  const [{ id }] = await db.query<{ id: string }>(
    `INSERT INTO workspaces (slug, workspace_url, company_name, background_color) VALUES ($1, $2, $3, $4) RETURNING id`,
    [w.slug, w.host, w.name, w.color],
  );
  return db.tenant(id, async (tx) => {
    const [hq] = await tx.query<{ id: string }>(
      `INSERT INTO branches (workspace_id, name, headquarter) VALUES ($1, $2, true) RETURNING id`,
      [id, w.branches[0]],
    );
    const [second] = await tx.query<{ id: string }>(
      `INSERT INTO branches (workspace_id, name, headquarter) VALUES ($1, $2, false) RETURNING id`,
      [id, w.branches[1]],
    );
    const departments: string[] = [];
    for (const name of w.departments) {
      // Each department exists in both business units, as "create for all units" makes it.
      for (const branchId of [hq.id, second.id]) {
        const [d] = await tx.query<{ id: string }>(
          `INSERT INTO departments (workspace_id, branch_id, name) VALUES ($1, $2, $3) RETURNING id`,
          [id, branchId, name],
        );
        if (branchId === hq.id) departments.push(d.id);
      }
    }
    return { id, host: w.host, branches: { hq: hq.id, second: second.id }, departments, adminId: '' };
  });
}

let employeeNumber = 1001;

async function insertUser(
  tx: Sql,
  ws: DemoWorkspace,
  u: {
    email: string;
    username: string | null;
    first: string;
    last: string;
    role: string;
    branch: string;
    department: string;
    joined: string;
    hash: string;
    phone?: string;
  },
): Promise<void> {
  // Departments were created per unit: pick the same-named one in the user's own unit.
  const [dep] = await tx.query<{ id: string }>(
    `SELECT d2.id FROM departments d1 JOIN departments d2 ON d2.workspace_id = d1.workspace_id AND lower(d2.name) = lower(d1.name)
      WHERE d1.id = $1 AND d2.branch_id = $2`,
    [u.department, u.branch],
  );
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO users (workspace_id, email, username, password_hash, first_name, last_name, role, branch_id, department_id,
                        date_of_joining, status, first_login, employee_id, designation, phone_number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'ACTIVE', false, $11, $12, $13) RETURNING id`,
    [
      ws.id,
      u.email,
      u.username,
      u.hash,
      u.first,
      u.last,
      u.role,
      u.branch,
      dep?.id ?? null,
      u.joined,
      `E${String(employeeNumber++).padStart(5, '0')}`,
      u.role === 'EMPLOYEE' ? 'Associate' : 'Manager',
      u.phone ?? null,
    ],
  );
  if (u.role === 'WORKSPACE_ADMIN' && !ws.adminId) ws.adminId = row.id;
}
