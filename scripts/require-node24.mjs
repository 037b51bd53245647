// npm scripts must run on the Node 24 that the `node` dev dependency installs into node_modules/.bin.
// If its install script did not run, npm silently falls back to the system Node; say so plainly.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `This store needs Node 24 or newer, but npm scripts are running on Node ${process.versions.node}.\n` +
      'Run `npm install` again (it installs Node 24 into node_modules/.bin) and check that install scripts are allowed.',
  );
  process.exit(1);
}
