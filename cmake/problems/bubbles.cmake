# bubbles: Bubbles and boulders (Nikoli's Dosun-Fuwari). See docs/conventions.md.
add_problem(bubbles
    BRUTE_TESTS "small*"
    STRESS "-m 4 -n 4 -regions 3"
           "-m 5 -n 4 -regions 4 -green 30"
           "-m 3 -n 6 -regions 3 -style scatter"
           "-m 5 -n 5 -regions 3 -want many"
           "-m 7 -n 4 -regions 3 -green 30 -style planted -want unique"
    SEEDS 200
    TIMEOUT 300
    PLANTED "no solution")

if(BUILD_TESTING)
    # The statement's Puzzle class (checkers/bubbles_puzzle.hpp, used by the checker), replayed
    # against the statement's interactive session.
    add_executable(bubbles_puzzle_test ${PROJECT_SOURCE_DIR}/checkers/tests/bubbles_puzzle_test.cpp)
    target_include_directories(bubbles_puzzle_test PRIVATE ${PROJECT_SOURCE_DIR}/checkers)
    target_link_libraries(bubbles_puzzle_test PRIVATE GTest::gtest_main)
    judge_enable_warnings(bubbles_puzzle_test)
    gtest_discover_tests(bubbles_puzzle_test DISCOVERY_MODE PRE_TEST PROPERTIES LABELS "problem;bubbles")

    # `--count` counts solutions: 1 for the statement's puzzle and the planted 40 x 40 ones, 0 for
    # an unsolvable one, and the capped 1000 for a puzzle with more (the single-region 50 x 50).
    set(bubbles_solution ${CMAKE_CURRENT_BINARY_DIR}/bubbles_solution_count)
    add_executable(bubbles_solution_count ${PROJECT_SOURCE_DIR}/solutions/bubbles.cpp)
    set_target_properties(bubbles_solution_count PROPERTIES CXX_STANDARD 17 CXX_EXTENSIONS ON)
    foreach(pair IN ITEMS "sample/01-statement:^1\n$" "secret/small-hand-one-square:^0\n$"
                          "secret/small-many-1:^6\n$" "secret/large-single-region:^1000\n$"
                          "secret/large-unique-1:^1\n$" "secret/large-unique-2:^1\n$")
        string(REPLACE ":" ";" parts "${pair}")
        list(GET parts 0 case_name)
        list(GET parts 1 expected)
        string(REPLACE "/" "_" test_name ${case_name})
        add_test(NAME bubbles.count.${test_name}
                 COMMAND sh -c "$<TARGET_FILE:bubbles_solution_count> --count < ${PROJECT_SOURCE_DIR}/testdata/bubbles/${case_name}.in")
        set_tests_properties(bubbles.count.${test_name} PROPERTIES
                             PASS_REGULAR_EXPRESSION "${expected}" LABELS "problem;bubbles")
    endforeach()
    # solutions/bubbles.py, the Puzzle class for Dodona (cmake/problems/bubbles_py_test.py): the
    # exercise's interactive session, solve() and testdata/bubbles/statement.md's examples as
    # doctests; the same output as the C++ solution
    # (stdout, stderr, exit status, plain and --count) on the testdata and on generated puzzles.
    set(bubbles_py_test bash ${PROJECT_SOURCE_DIR}/cmake/with_program.sh python3 python3 python3
                        ${PROJECT_SOURCE_DIR}/cmake/problems/bubbles_py_test.py)
    set(bubbles_py ${PROJECT_SOURCE_DIR}/solutions/bubbles.py)
    add_test(NAME bubbles.py_doctest
             COMMAND ${bubbles_py_test} doctest ${bubbles_py}
                     ${PROJECT_SOURCE_DIR}/testdata/bubbles/sample/01-statement.in
                     ${PROJECT_SOURCE_DIR}/testdata/bubbles/statement.md)
    add_test(NAME bubbles.py_agrees_testdata
             COMMAND ${bubbles_py_test} agree ${bubbles_py}
                     $<TARGET_FILE:bubbles_solution_count> ${PROJECT_SOURCE_DIR}/testdata/bubbles)
    add_test(NAME bubbles.py_agrees_stress
             COMMAND ${bubbles_py_test} stress ${bubbles_py}
                     $<TARGET_FILE:bubbles_solution_count> $<TARGET_FILE:generators_bubbles> 15)
    set_tests_properties(bubbles.py_doctest bubbles.py_agrees_testdata bubbles.py_agrees_stress
                         PROPERTIES TIMEOUT 300 SKIP_RETURN_CODE 77 LABELS "problem;bubbles")

    # An unknown argument is a usage error (exit 1), not a run with some default.
    add_test(NAME bubbles.count.unknown_argument
             COMMAND sh -c "$<TARGET_FILE:bubbles_solution_count> --bogus < ${PROJECT_SOURCE_DIR}/testdata/bubbles/sample/01-statement.in")
    set_tests_properties(bubbles.count.unknown_argument PROPERTIES WILL_FAIL TRUE
                         LABELS "problem;bubbles")
endif()
