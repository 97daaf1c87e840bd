// judge selftest on a Polygon package: each validator's own tests (<validator><testset>, verdict
// valid or invalid) and the checker's (<checker><testset>, verdict ok, wrong-answer,
// presentation-error or crashed), as Polygon runs them when a package is built (docs/polygon.md).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "building/compiler.hpp"
#include "checking/checker_protocol.hpp"
#include "problems/polygon_package.hpp"

namespace judge {

/// Whether a validator test's `verdict` holds for what the validator said: "valid" when it
/// accepted the input, "invalid" when it rejected it (testlib exit 3). A validator that broke
/// (another exit code, a signal, a limit) holds neither. nullopt: a verdict Polygon does not
/// write.
std::optional<bool> validator_verdict_holds(const std::string& verdict,
                                            const ValidationResult& got);

/// Whether a checker test's `verdict` holds for what the checker said: "ok" Ok (points, testlib
/// quitp, included), "wrong-answer" WrongAnswer, "presentation-error" PresentationError,
/// "crashed" (Polygon's CRASHED, "check failed") Fail or Crashed. nullopt: a verdict Polygon does
/// not write.
std::optional<bool> checker_verdict_holds(const std::string& verdict, CheckerOutcome got);

/// One validator or checker test, checked.
struct PolygonSelftestLine {
    enum class Result { Passed, Failed, Skipped } result = Result::Failed;
    std::string name;  ///< "validator files/val.cpp #3", "checker #1"
    std::string what;  ///< what it expected and got, and the program's message
};

/// Builds (boxed, from source, with the package's files/ on the include path) each validator
/// that has tests and the checker when it has some, runs each on its tests (boxed unless
/// `sandbox` is false) and calls `report` for each in order. A test file the package lacks, a
/// verdict Polygon does not write or a validator that broke is a failed test; a validator of a
/// source type the judge does not build, and tests <test-count> counts but <tests> does not
/// list, are skipped. Throws JudgeError when a program does not compile.
void run_polygon_selftest(Compiler& compiler,
                          const PolygonPackage& package,
                          bool sandbox,
                          const std::function<void(const PolygonSelftestLine&)>& report);

}  // namespace judge
