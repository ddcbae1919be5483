// Purity and layering of src/, checked by `npm run lint` (dependency-cruiser).
// Layers from low to high; a module may import its own layer or lower ones, never a higher one.
// Every other top-level folder of src/ is a feature (matches, appeals, audit, stats, live, ...).
const FEATURES = '^src/(?!domain/|ledger/|projections/|config/|api/)[^/]+/';
// Nest modules, resolvers and their GraphQL inputs and models are the shell, wherever they live.
const SHELL_FILE = '(\\.module|\\.resolver)\\.ts$|/(inputs|models)/';

const LAYERS = [
  { name: 'domain', path: '^src/domain/' },
  { name: 'ledger', path: '^src/ledger/', pathNot: SHELL_FILE },
  { name: 'projections', path: '^src/projections/', pathNot: SHELL_FILE },
  { name: 'config', path: '^src/config/' },
  { name: 'features', path: FEATURES, pathNot: SHELL_FILE },
  { name: 'shell', path: [`^src/api/`, `^src/[^/]+/.*(${SHELL_FILE})`] },
  { name: 'app', path: '^src/(app\\.module|bootstrap|main|cli|cli-[a-z]+|read-models)\\.ts$' },
];

const spec = ({ path, pathNot }) => (pathNot ? { path, pathNot } : { path });

const upward = LAYERS.flatMap((low, i) =>
  LAYERS.slice(i + 1).map((high) => ({
    name: `no-${low.name}-to-${high.name}`,
    comment: `${low.name} is below ${high.name} and must not import it`,
    severity: 'error',
    from: spec(low),
    to: spec(high),
  })),
);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere in src/.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      comment:
        'The domain imports only the domain: no framework, database, package or Node builtin.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { pathNot: '^src/domain/' },
    },
    ...upward,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
