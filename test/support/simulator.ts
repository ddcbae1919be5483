// The simulator lives with the demo generator (src/demo/simulator), which plays it for real.
export * from '../../src/demo/simulator';
