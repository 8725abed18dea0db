// PUZZLELAB_TEST_ASAN: this build runs under AddressSanitizer. GCC says so
// with __SANITIZE_ADDRESS__, clang (the sanitizer preset's compiler) only
// through __has_feature(address_sanitizer). A few tests take smaller inputs
// there: the same code and shapes, where AddressSanitizer's big allocations
// would make them the run's longest by far; Release and wasm run them whole.
#pragma once

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PUZZLELAB_TEST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(PUZZLELAB_TEST_ASAN)
#define PUZZLELAB_TEST_ASAN 1
#endif
