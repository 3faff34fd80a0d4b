// The type check's stand-in for the vendored file beside it: typed as `any`, so the check
// covers our code and not the vendor's.
export declare const OrbitControls: any;
