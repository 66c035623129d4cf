// npm scripts must run on the project's pinned Node (devDependency node@24), not the system node 20.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `This project needs Node 24 or newer; this is Node ${process.versions.node}.\n` +
      'Run it through npm (npm start, npm test, npm run ...) so that the pinned node@24 from devDependencies is used,\n' +
      'or run `npm ci` first if node_modules is missing.',
  );
  process.exit(1);
}
