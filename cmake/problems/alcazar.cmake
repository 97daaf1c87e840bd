# alcazar: Alcazar path puzzles in the alcazam drawing (issue 8)
add_problem(alcazar
    BRUTE_TESTS "small*"
    STRESS
        "-w 4 -h 4 -mode random -walls 20 -doors 3"
        "-w 5 -h 4 -mode random -walls 10 -doors 4 -style messy"
        "-w 5 -h 5 -mode parity -walls 30 -doors 3"
        "-w 6 -h 5 -mode path -walls 25 -doors 3"
        "-w 5 -h 5 -mode unique -keep-border 1"
        "-w 1 -h 7 -mode random -walls 0 -doors 3"
        "-w 6 -h 6 -mode path -walls 40 -doors 2"
        "-w 7 -h 4 -mode parity -walls 30 -doors 3"
        "-w 6 -h 6 -mode unique -style messy"
    SEEDS 300
    TIMEOUT 300
    PLANTED "no solution")

if(BUILD_TESTING)
    # The options of the solution: -f, -v, -r, --reduce-unique, --count, colours
    # (cmake/problems/alcazar_options.sh, snapshots alcazar_verbose.txt and alcazar_colour.txt).
    add_test(NAME alcazar.options
             COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/problems/alcazar_options.sh
                     ${PROJECT_SOURCE_DIR} $<TARGET_FILE:checkers_alcazar> ${JUDGE_SHARED_DIR}/cases/alcazar)
    set_tests_properties(alcazar.options PROPERTIES TIMEOUT 180 LABELS "problem;alcazar")
    # --count against the brute's count (cmake/problems/alcazar_count.sh), 7 settings x 30 seeds
    # (CI's bound: the script takes more seeds by hand).
    add_test(NAME alcazar.count_agrees
             COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/problems/alcazar_count.sh
                     ${PROJECT_SOURCE_DIR} 30)
    set_tests_properties(alcazar.count_agrees PROPERTIES TIMEOUT 300 LABELS "problem;alcazar")
    # The search alone (--local-steps, early restarts) against the brute, boards without
    # solution that need a search included (cmake/problems/alcazar_search.sh), 5 settings x 20.
    add_test(NAME alcazar.search_agrees
             COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/problems/alcazar_search.sh
                     ${PROJECT_SOURCE_DIR} $<TARGET_FILE:checkers_alcazar> 20)
    set_tests_properties(alcazar.search_agrees PROPERTIES TIMEOUT 300 LABELS "problem;alcazar")
    # The solution links libc only: loading libstdc++.so would add ~0.5 ms to every run, most
    # of an 8 x 8 solve (bench/alcazar/RESULTS.md). Fails if an iostream or std::vector creeps in.
    add_test(NAME alcazar.links_libc_only
             COMMAND bash -c "g++ -O2 -o \"$1\" \"$2\" && objdump -p \"$1\" | grep NEEDED && ! objdump -p \"$1\" | grep -q 'NEEDED.*stdc'"
                     links ${CMAKE_CURRENT_BINARY_DIR}/alcazar_libc_only ${PROJECT_SOURCE_DIR}/solutions/alcazar.cpp)
    set_tests_properties(alcazar.links_libc_only PROPERTIES TIMEOUT 60 LABELS "problem;alcazar")
endif()
