// Purity and layering of src/, checked by `npm run lint` (dependency-cruiser).
// Layers from low to high; a module may import its own layer or lower ones, never a higher one.
// The kernel (src/kernel/) is what every feature shares and none owns: request and command
// context, the policy table, the error codes, the GraphQL vocabulary (enums, pagination, prices,
// command inputs) and the published match (its models and the inputs that embed a shot or game).
// Every other top-level folder of src/ is a feature (matches, appeals, audit, stats, live, ...),
// captured (`$1`) so a rule can tell a feature's own files from another's.
const FEATURE_FOLDER = '((?!domain/|ledger/|projections/|config/|kernel/|streams/|api/)[^/]+)';
const FEATURES = `^src/${FEATURE_FOLDER}/`;
// Resolvers and their GraphQL inputs and models are the shell, wherever they live. A Nest module
// stands in its folder's layer like any file of it: the one import it may make upwards is its own
// folder's shell (the resolvers it registers); anything else from above reaches it through a port
// its layer declares and the application provides (STORE_CONFIG, READ_MODEL_FILE, TOKEN_ISSUER...).
const SHELL_FILE = '\\.resolver\\.ts$|/(inputs|models)/';
const MODULE_FILE = '\\.module\\.ts$';

const LAYERS = [
  { name: 'domain', path: '^src/domain/' },
  { name: 'ledger', path: '^src/ledger/', pathNot: SHELL_FILE },
  { name: 'projections', path: '^src/projections/', pathNot: SHELL_FILE },
  { name: 'config', path: '^src/config/' },
  { name: 'kernel', path: '^src/kernel/' },
  // The stream runtime every stream type (matches, players, competitions) builds on.
  { name: 'streams', path: '^src/streams/' },
  { name: 'features', path: FEATURES, pathNot: SHELL_FILE },
  { name: 'shell', path: [`^src/api/`, `^src/(?!kernel/)[^/]+/.*(${SHELL_FILE})`] },
  { name: 'app', path: '^src/(app\\.module|bootstrap|main|cli|cli-[a-z-]+|read-models)\\.ts$' },
];

// The cross-feature imports still allowed, each by its target file, and only from a feature's Nest
// module (a service, stream type or controller has none). Add none; a feature reaching another is
// a port in src/kernel/.
const CROSS_FEATURE = [
  {
    to: '^src/(matches/matches|registry/registry|live/live|board/board)\\.module\\.ts$',
    why:
      'A Nest module imports the module of the feature that provides a kernel port it injects ' +
      '(appeals and layouts: MATCH_COMMANDS; appeals, imports, matches and exports: the registry ' +
      "and its ports; board: the live hub and the registry's MATCH_PLACES; desk: PAGES): Nest's " +
      'way of making a provider visible, while the code injects only the kernel token. Kept: the ' +
      'alternative, a global module in the app re-exporting every feature module that fills a ' +
      'port, would hide which feature needs which and make every port visible to every feature.',
  },
];

// What any file of a feature may import: its own folder, the layers below the features, the shell.
const OWN_OR_BELOW = [
  '^src/$1/',
  '^src/(domain|ledger|projections|config|kernel|streams)/',
  SHELL_FILE,
];

const spec = ({ path, pathNot }) => (pathNot ? { path, pathNot } : { path });

const notModule = (layer) => ({
  path: layer.path,
  pathNot: [layer.pathNot, MODULE_FILE].filter(Boolean),
});
// The layer's modules, their folder captured (`$1`) to exempt that folder's own shell.
const modulesOf = (layer) => ({
  path: `${layer.path.replace(/^\^src\//, '^src/(').replace(/\/$/, ')/')}.*${MODULE_FILE}`,
});

// The shell and the app (layers of several folders) hold no feature's module: checked whole.
const folderLayer = (layer) => typeof layer.path === 'string';

const upward = LAYERS.flatMap((low, i) =>
  LAYERS.slice(i + 1).flatMap((high) => [
    {
      name: `no-${low.name}-to-${high.name}`,
      comment: `${low.name} is below ${high.name} and must not import it`,
      severity: 'error',
      from: folderLayer(low) ? notModule(low) : spec(low),
      to: spec(high),
    },
    ...(folderLayer(low)
      ? [
          {
            name: `no-${low.name}-module-to-${high.name}`,
            comment: `a ${low.name} module wires its own folder's resolvers, nothing else of ${high.name}`,
            severity: 'error',
            from: modulesOf(low),
            to: { path: high.path, pathNot: [high.pathNot, '^src/$1/'].filter(Boolean) },
          },
        ]
      : []),
  ]),
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
    {
      name: 'no-cross-feature',
      comment:
        "A feature's services, stream types and controllers reach another feature only through " +
        'the kernel and the layers below it (a port the kernel declares, provided by the feature ' +
        "that owns it); its resolvers, inputs and models are the shell's.",
      severity: 'error',
      from: { path: FEATURES, pathNot: [SHELL_FILE, MODULE_FILE] },
      to: { path: '^src/', pathNot: OWN_OR_BELOW },
    },
    {
      name: 'no-cross-feature-module',
      comment:
        "A feature's Nest module wires its own folder and the kernel's ports; the other " +
        'features it may import, by name: ' +
        CROSS_FEATURE.map((x) => x.why).join(' '),
      severity: 'error',
      from: { path: `${FEATURES}.*${MODULE_FILE}` },
      to: { path: '^src/', pathNot: OWN_OR_BELOW.concat(CROSS_FEATURE.map((x) => x.to)) },
    },
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
