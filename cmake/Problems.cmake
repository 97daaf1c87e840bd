# add_problem(<id> [BRUTE_TESTS glob] [SHARED_TESTS glob] [STRESS "gen args" ...] [SEEDS n]
#             [TIMEOUT seconds] [PLANTED "constant answer"] [PLANTED_GEN_ARGS "gen args"])
#
# Registers the tests every problem gets (see docs/conventions.md):
#   <id>.compiles_alone solution and brute, each alone in an empty folder with `g++ -O2` (the
#                       judge's command) and with clang++ -std=c++17 -fsyntax-only, both with
#                       -Wall -Wextra -pedantic -Werror (cmake/compile_alone.sh)
#   <id>.testdata       judge run <id>: AC on every case of testdata/<id>/
#   <id>.shared_cases   judge run <id> --cases ../shared/cases/<id> (SHARED_TESTS glob)
#   <id>.statement_examples  the ```input / ```output examples of testdata/<id>/statement.md,
#                       judged like cases (cmake/statement_examples.sh)
#   <id>.brute_agrees   the brute gets AC on the cases matching BRUTE_TESTS
#   <id>.stress.<k>     judge stress <id> --seeds 1-N --gen-args "<k-th STRESS string>", N =
#                       SEEDS, at most JUDGE_STRESS_SEEDS (below)
#   <id>.selftest       checker fixtures and invalid inputs (validator and solution)
#   <id>.export_round_trip  judge export <id> to a package, then judge verify the package
#   <id>.gen_reproduces judge gen <id> in a scratch copy gives testdata/<id>/secret/ byte for byte
#   <id>.shrinks_planted_bug  (PLANTED) judge stress finds a solution that always prints the
#                       constant answer, and shrinks its case to at most a quarter (the problem's
#                       `shrink:` shape at work)
# and builds the problem's checker, validator and generator as targets, so that their warnings
# show up in the build. A test whose prerequisite is missing here (the public cases, clang++) is
# reported as skipped by CTest, and fails when the environment variable CI is set
# (cmake/prerequisite.sh).
# CTest's stress tests run a bounded number of seeds (the developers' guide: dozens, not
# thousands, in CI): N = min(SEEDS, JUDGE_STRESS_SEEDS). 0 runs every problem's full SEEDS
# (`cmake -DJUDGE_STRESS_SEEDS=0`, or `judge stress <id> --seeds 1-SEEDS` by hand).
set(JUDGE_STRESS_SEEDS 100 CACHE STRING
    "Seeds per stress test at most (0: each problem's SEEDS)")
function(add_problem id)
    cmake_parse_arguments(PARSE_ARGV 1 arg ""
                          "BRUTE_TESTS;SHARED_TESTS;SEEDS;TIMEOUT;PLANTED;PLANTED_GEN_ARGS" "STRESS")
    if(arg_UNPARSED_ARGUMENTS)
        message(FATAL_ERROR "add_problem(${id}): unknown arguments ${arg_UNPARSED_ARGUMENTS}")
    endif()
    if(NOT arg_SEEDS)
        set(arg_SEEDS 200)
    endif()
    if(NOT arg_TIMEOUT)
        set(arg_TIMEOUT 300)
    endif()
    if(NOT arg_SHARED_TESTS)
        set(arg_SHARED_TESTS "*")
    endif()

    set(root ${PROJECT_SOURCE_DIR})
    foreach(kind IN ITEMS checkers/${id} checkers/validators/${id} generators/${id})
        if(EXISTS ${root}/${kind}.cpp)
            string(REPLACE "/" "_" target ${kind})
            add_executable(${target} ${root}/${kind}.cpp)
            target_include_directories(${target} PRIVATE ${root}/checkers)
            set_target_properties(${target} PROPERTIES CXX_STANDARD 17 CXX_EXTENSIONS ON)
            judge_enable_warnings(${target})
        endif()
    endforeach()

    if(NOT BUILD_TESTING)
        return()
    endif()

    set(judge $<TARGET_FILE:judge> --root ${root} --cache ${CMAKE_BINARY_DIR}/judge-cache)
    set(tests)

    add_test(NAME ${id}.compiles_alone
             COMMAND bash ${root}/cmake/compile_alone.sh ${root}/solutions/${id}.cpp
                     ${root}/solutions/brute/${id}.cpp)
    add_test(NAME ${id}.testdata COMMAND ${judge} run ${id})
    list(APPEND tests ${id}.compiles_alone ${id}.testdata)

    # Registered even where the public cases are missing, so that they cannot vanish unnoticed:
    # the test itself finds the folder missing (skipped, or failed under CI).
    if(NOT EXISTS ${JUDGE_SHARED_DIR}/cases/${id})
        message(WARNING "${JUDGE_SHARED_DIR}/cases/${id} not found: ${id}.shared_cases will be "
                        "reported as skipped (failed when CI is set)")
    endif()
    add_test(NAME ${id}.shared_cases
             COMMAND bash ${root}/cmake/with_shared_cases.sh ${JUDGE_SHARED_DIR}/cases/${id}
                     ${judge} run ${id} --cases ${JUDGE_SHARED_DIR}/cases/${id}
                     --tests "${arg_SHARED_TESTS}")
    list(APPEND tests ${id}.shared_cases)

    add_test(NAME ${id}.statement_examples
             COMMAND bash ${root}/cmake/statement_examples.sh ${root}/testdata/${id}/statement.md
                     ${judge} run ${id})
    list(APPEND tests ${id}.statement_examples)

    if(arg_BRUTE_TESTS)
        add_test(NAME ${id}.brute_agrees
                 COMMAND ${judge} run ${id} --solution ${root}/solutions/brute/${id}.cpp
                         --tests "${arg_BRUTE_TESTS}")
        list(APPEND tests ${id}.brute_agrees)
    endif()

    set(stress_seeds ${arg_SEEDS})
    if(JUDGE_STRESS_SEEDS GREATER 0 AND JUDGE_STRESS_SEEDS LESS stress_seeds)
        set(stress_seeds ${JUDGE_STRESS_SEEDS})
    endif()
    set(index 0)
    foreach(gen_args IN LISTS arg_STRESS)
        math(EXPR index "${index} + 1")
        add_test(NAME ${id}.stress.${index}
                 COMMAND ${judge} stress ${id} --seeds 1-${stress_seeds} --gen-args "${gen_args}")
        list(APPEND tests ${id}.stress.${index})
    endforeach()

    add_test(NAME ${id}.selftest COMMAND ${judge} selftest ${id})
    list(APPEND tests ${id}.selftest)

    add_test(NAME ${id}.export_round_trip
             COMMAND bash ${root}/cmake/export_round_trip.sh ${id} ${judge})
    list(APPEND tests ${id}.export_round_trip)

    if(EXISTS ${root}/testdata/${id}/secret/plan.txt)
        add_test(NAME ${id}.gen_reproduces
                 COMMAND bash ${root}/cmake/gen_reproduces.sh ${root} ${id} $<TARGET_FILE:judge>
                         --cache ${CMAKE_BINARY_DIR}/judge-cache)
        list(APPEND tests ${id}.gen_reproduces)
    endif()

    if(DEFINED arg_PLANTED)  # not if(arg_PLANTED): "false" is an answer here
        add_test(NAME ${id}.shrinks_planted_bug
                 COMMAND bash ${root}/cmake/shrinks_planted_bug.sh ${id} "${arg_PLANTED}"
                         "${arg_PLANTED_GEN_ARGS}" ${judge})
        list(APPEND tests ${id}.shrinks_planted_bug)
    endif()

    set_tests_properties(${tests} PROPERTIES TIMEOUT ${arg_TIMEOUT} LABELS "problem;${id}")
    set_tests_properties(${id}.compiles_alone ${id}.shared_cases PROPERTIES
                         SKIP_RETURN_CODE 77)
endfunction()
