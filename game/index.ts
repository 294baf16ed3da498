export * from './actions';
export * from './availability';
export * from './errors';
export * from './preview';
export * from './score';
export * from './sums';
export * from './types';
export * from './moves';
