// The one Catch2 main for every unit and property test.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
