// The type check's stand-in for the vendored three.js file beside it (minified, untyped):
// three.js is used as `any`, so the check covers our code and not the vendor's.
declare const module: any;
export = module;
