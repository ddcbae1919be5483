export const VIEWER_ASSETS = Symbol('VIEWER_ASSETS');
