# bender: Bender - Episode 1, his moves or LOOP (issue 4)
add_problem(bender
    BRUTE_TESTS "small*"
    STRESS
        "-rows 6 -cols 7 -walls 20 -xwalls 15 -mods 8 -inverters 6 -beers 8 -tele 50"
        "-rows 8 -cols 9 -walls 15 -xwalls 20 -mods 8 -inverters 6 -beers 10 -tele 60 -tries 20 -want booth"
        "-rows 7 -cols 9 -walls 10 -xwalls 20 -mods 10 -inverters 10 -beers 10 -tele 80 -tries 20 -want loop"
        "-rows 11 -cols 11 -style maze -loops 25 -xwalls 30 -mods 8 -inverters 6 -beers 6 -tries 20 -want booth -booth last"
        "-rows 9 -cols 13 -style serpentine -gates 5"
    SEEDS 200
    TIMEOUT 300
    PLANTED "LOOP")

if(BUILD_TESTING)
    # Every serpentine size the generator allows (rows 5..14, cols 6..14, all gates): the
    # solution and the brute agree, and Bender always reaches the booth (the construction's claim).
    add_test(NAME bender.serpentines
             COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/problems/bender_serpentines.sh
                     ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/bender-serpentines)
    set_tests_properties(bender.serpentines PROPERTIES TIMEOUT 120 LABELS "problem;bender")
endif()
