// `npm run create-platform-admin -- <email> [first name] [last name]`: the first platform admin of a server (production
// never seeds the demo's). The password is typed at a hidden prompt, or piped in on standard input; it is never an
// argument (shell history, process lists) and nothing secret is printed.
import { readConfig } from './config';
import { migrate } from './platform/db/migrate';
import { openDatabase } from './platform/db/open';
import { Argon2PasswordHasher } from './platform/passwords';
import { createPlatformAdmin } from './seed/first-start';

async function readPassword(): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    let text = '';
    for await (const chunk of input) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write('Password (not shown): ');
  input.setRawMode(true);
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (chars: string) => {
      for (const c of chars) {
        if (c === '\r' || c === '\n') {
          input.setRawMode(false);
          input.off('data', onData);
          input.pause();
          process.stderr.write('\n');
          resolve(typed);
          return;
        }
        if (c === '\u0003') {
          input.setRawMode(false);
          reject(new Error('cancelled'));
          return;
        }
        typed = c === '\u007f' ? typed.slice(0, -1) : typed + c;
      }
    };
    input.on('data', onData);
  });
}

const [email, firstName, lastName] = process.argv.slice(2);
if (!email) {
  console.error(
    'Usage: npm run create-platform-admin -- <email> [first name] [last name]   (the password is asked for, or read from standard input)',
  );
  process.exit(2);
}
const config = readConfig();
const db = await openDatabase(config);
try {
  await migrate(db);
  const outcome = await createPlatformAdmin(db, new Argon2PasswordHasher(), {
    email,
    password: await readPassword(),
    firstName,
    lastName,
  });
  if (!outcome.ok) {
    console.error(outcome.message);
    process.exitCode = 1;
  } else {
    console.log(`Platform admin ${email.trim().toLowerCase()} created: sign in on the main site.`);
  }
} finally {
  await db.close();
}
