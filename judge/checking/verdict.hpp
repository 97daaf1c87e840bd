// Verdicts of one case and of a whole run: short codes, ordering, aggregation (pure logic).
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace judge {

/// The verdict of one case. AC..OLE judge the contestant's program; CE means it did not compile;
/// JE means the judge, the checker or the jury's data failed, and is never shown as WA.
enum class Verdict {
    AC,   ///< accepted: the checker said OK
    WA,   ///< wrong answer (checker exit 1)
    PE,   ///< presentation error (checker exit 2)
    TLE,  ///< CPU or wall time limit hit
    MLE,  ///< memory limit hit (its own verdict, not folded into RE)
    RE,   ///< killed by a signal or non-zero exit code, no limit hit
    OLE,  ///< more output than the output limit
    CE,   ///< compile error
    JE,   ///< judge error: checker FAIL or crash, runner failure, missing .ans, invalid input
};

/// All verdicts in declaration order (for tables and counts).
inline constexpr Verdict kAllVerdicts[] = {Verdict::AC,  Verdict::WA,  Verdict::PE,
                                           Verdict::TLE, Verdict::MLE, Verdict::RE,
                                           Verdict::OLE, Verdict::CE,  Verdict::JE};

/// "AC", "WA", ... (the short code used in every report).
std::string_view short_code(Verdict verdict);

/// "accepted", "wrong answer", ... (for the README table and JUnit messages).
std::string_view description(Verdict verdict);

/// Inverse of short_code(); case-sensitive; nullopt for anything else.
std::optional<Verdict> parse_verdict(std::string_view code);

/// Severity order used when one verdict must stand for several: AC < PE < WA < OLE < MLE < TLE <
/// RE < CE < JE. JE is the most severe because nothing else can be trusted once the judge failed.
int severity(Verdict verdict);

/// The verdict of a whole run from its cases' verdicts, given in judging order (BAPCtools' rule:
/// the first non-AC verdict), except that JE anywhere wins (a judge failure must not hide behind
/// a contestant verdict) and CE anywhere comes next. nullopt for an empty list.
std::optional<Verdict> aggregate(std::span<const Verdict> verdicts);

/// The judge's exit status for a run's aggregate verdict: 0 AC, 2 JE, 1 anything else (CE too:
/// the solution failed, not the judge).
int exit_status(Verdict aggregate_verdict);

}  // namespace judge
