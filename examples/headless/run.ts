// Runs the four headline use cases headlessly with the shipped fakes and prints what each answered
// (`npx tsx examples/headless/run.ts`; docs/headless.md). `npm test` runs the same examples
// (test/scripts/headless-examples.test.ts).
import { assignCourseExample } from './assign-course';
import { importUsersExample } from './import-users';
import { publishWorkflowVersionExample } from './publish-workflow-version';
import { signInExample } from './sign-in';

const examples = {
  'sign in': signInExample,
  'assign a course': assignCourseExample,
  'publish a workflow version': publishWorkflowVersionExample,
  'import users': importUsersExample,
};

for (const [name, run] of Object.entries(examples)) {
  console.log(`\n# ${name}`);
  console.log(JSON.stringify(await run(), null, 2));
}
