// Linked before the solver worker's own code (--pre-js): its wasm is loaded
// with the ?v=build its script was loaded with (web/stamp_site.mjs), so no
// cache can pair one build's worker script with another build's wasm.
Module["locateFile"] = function (path, prefix) {
  return prefix + path + self.location.search;
};
