import { readFile } from 'node:fs/promises';
import { checkCaseLog, readCaseLogFile } from './case/complaints/case-log-file';

/**
 * `npm run verify-case-log -- <case file>`: recomputes the hash chain of an exported case file's access log (the
 * PDF, or its case-log.json). Prints OK and the head hash, or names the first entry that does not match; exit 1 then,
 * 2 when the file cannot be read (docs/case.md "The access log's hash chain").
 */
async function main(): Promise<number> {
  const path = process.argv[2];
  if (!path) {
    console.error('usage: npm run verify-case-log -- <exported case file (.pdf) or case-log.json>');
    return 2;
  }
  let result;
  try {
    result = checkCaseLog(await readCaseLogFile(await readFile(path)));
  } catch (e) {
    console.error(`NOT OK: ${path} cannot be read as a case log: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  (result.ok ? console.log : console.error)(result.message);
  return result.ok ? 0 : 1;
}

process.exitCode = await main();
