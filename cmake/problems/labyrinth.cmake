# labyrinth: ASP Competition "Labyrinth", every official instance decided (issue 6)
add_problem(labyrinth
    BRUTE_TESTS "small*"
    STRESS
        "-n 3 -steps 3 -p 50"
        "-n 4 -steps 3 -style official"
        "-n 3 -steps 4 -p 30 -format packed"
        "-n 4 -steps 3 -planted 3 -p 40"
    SEEDS 100
    TIMEOUT 300)

if(BUILD_TESTING)
    # --shortest: the plan length must equal the brute's (breadth-first over push sequences),
    # on generated small boards of several styles; every plan is also checked by the checker.
    add_test(NAME labyrinth.shortest
             COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/problems/labyrinth_shortest.sh
                     ${PROJECT_SOURCE_DIR} $<TARGET_FILE:checkers_labyrinth>
                     $<TARGET_FILE:generators_labyrinth> 35)
    set_tests_properties(labyrinth.shortest PROPERTIES TIMEOUT 300 LABELS "problem;labyrinth")
endif()
