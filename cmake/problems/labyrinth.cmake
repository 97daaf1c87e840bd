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
                     $<TARGET_FILE:generators_labyrinth> 12)
    set_tests_properties(labyrinth.shortest PROPERTIES TIMEOUT 300 LABELS "problem;labyrinth")
endif()

if(BUILD_TESTING)
    # solutions/labyrinth.lp, the encoding for the ASP Competition, under clingo (Debian gringo;
    # skipped without it, failed under CI): every answer set must be a plan checkers/labyrinth
    # accepts (cmake/problems/labyrinth_asp.sh). The statement's example: all its answer sets,
    # exactly the statement's two solutions. The public instances: the first 5 answer sets of the
    # four that clingo solves fastest (0.01-0.5 s CPU each on the development machine; then
    # 0025 with 0.6 s, and the rest from 2 s to more than 120 s: bench/labyrinth/RESULTS.md),
    # with 15 s of wall time each at most, so at most a minute on a slow machine.
    set(labyrinth_asp bash ${PROJECT_SOURCE_DIR}/cmake/with_program.sh clingo gringo
                      bash ${PROJECT_SOURCE_DIR}/cmake/problems/labyrinth_asp.sh
                      ${PROJECT_SOURCE_DIR}/solutions/labyrinth.lp
                      $<TARGET_FILE:checkers_labyrinth> 15)
    add_test(NAME labyrinth.asp_encoding_statement
             COMMAND ${labyrinth_asp} 0 2
                     ${PROJECT_SOURCE_DIR}/testdata/labyrinth/sample/01_statement_example.in)
    set(labyrinth_shared_cases ${JUDGE_SHARED_DIR}/cases/labyrinth)
    add_test(NAME labyrinth.asp_encoding
             COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/with_shared_cases.sh ${labyrinth_shared_cases}
                     ${labyrinth_asp} 5 any
                     ${labyrinth_shared_cases}/000-labyrinth-5-0.in
                     ${labyrinth_shared_cases}/017-labyrinth-11-0.in
                     ${labyrinth_shared_cases}/032-labyrinth-12-0.in
                     ${labyrinth_shared_cases}/0060-labyrinth-13-0.in)
    set_tests_properties(labyrinth.asp_encoding_statement labyrinth.asp_encoding PROPERTIES
                         TIMEOUT 120 SKIP_RETURN_CODE 77 LABELS "problem;labyrinth")
endif()

if(BUILD_TESTING)
    # The solution's fact reader and the jury's (checkers/labyrinth_model.hpp) are two copies of
    # one grammar (the solution must stand alone): on the samples, generated boards and
    # deterministic mutations of them, the validator and the solution accept and reject the same
    # inputs (cmake/problems/labyrinth_fact_readers.py).
    add_test(NAME labyrinth.fact_readers_agree
             COMMAND python3 ${PROJECT_SOURCE_DIR}/cmake/problems/labyrinth_fact_readers.py
                     ${PROJECT_SOURCE_DIR} $<TARGET_FILE:checkers_validators_labyrinth>
                     $<TARGET_FILE:generators_labyrinth> 20)
    set_tests_properties(labyrinth.fact_readers_agree PROPERTIES TIMEOUT 300
                         LABELS "problem;labyrinth")
endif()
