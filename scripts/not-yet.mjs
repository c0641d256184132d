// `npm start` and `npm run dev` start the Fastify server, which lands with the server issue (#4).
// Until then they say so plainly instead of pretending to run.
const what = process.argv[2] ?? 'this command';
console.error(`Backlot's ${what} is not built yet (it lands with issue #4). Today: npm test, npm run gen:types, npm run typecheck.`);
process.exitCode = 1;
