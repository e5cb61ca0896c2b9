export * from './roles';
export * from './session';
export * from './version';
export * from './constants';
export * from './menu';
export * from './access';
export * from './statuses';
export * from './cityConfig';
