// The judge's one error type for "the judge failed or was misused" (exit status 2).
#pragma once

#include <stdexcept>

namespace judge {

/// The judge itself failed or was misused: a missing problem, an unreadable or bad settings file,
/// a missing checker, a missing `.ans`, a compiler that cannot be started... `what()` is one line
/// that names the file at fault. Commands let it reach main(), which prints it and exits with 2.
class JudgeError : public std::runtime_error {
 public:
    using std::runtime_error::runtime_error;
};

/// A program in a language this judge cannot build here (a Kotlin submission, a Java one on a
/// machine without a JDK, a checktestdata validator): `judge verify` skips it with this reason
/// where every other command fails on it.
class UnsupportedLanguage : public JudgeError {
 public:
    using JudgeError::JudgeError;
};

/// A program whose entry point cannot be told: several files hold a main, or a Java program
/// declares no `static void main`. The author's fault: a compile error for a submission (as
/// DOMjudge, which finds Java's main class when compiling), a JudgeError for a jury program.
class NoEntryPoint : public JudgeError {
 public:
    using JudgeError::JudgeError;
};

}  // namespace judge
