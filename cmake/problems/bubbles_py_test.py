"""Tests of solutions/bubbles.py, the Puzzle class for Dodona (cmake/problems/bubbles.cmake).

  bubbles_py_test.py doctest SOLUTION_PY SAMPLE_IN STATEMENT_MD
      the exercise's interactive session, then the solve() the repository adds, then the
      ```python examples of STATEMENT_MD (testdata/bubbles/statement.md), as doctests on the
      puzzle SAMPLE_IN saved as puzzle.txt
  bubbles_py_test.py agree SOLUTION_PY CPP_BINARY TESTDATA_DIR
      `python3 SOLUTION_PY` prints exactly what the C++ solution prints (stdout, exit status,
      stderr), with and without --count, on every .in of TESTDATA_DIR/{sample,secret,invalid}
  bubbles_py_test.py stress SOLUTION_PY CPP_BINARY GENERATOR SEEDS
      the same on generated small puzzles (the settings of bubbles.cmake's STRESS, seeds
      1..SEEDS); and solve() around items already placed (part of a solution, or put at random)
      succeeds iff a solution holds them, keeps them, and gives a solution
Exit status 0 when every check passed; every failure is printed.
"""

import ast
import doctest
import importlib.util
import os
import pathlib
import random
import re
import subprocess
import sys
import tempfile

# The exercise's session (puzzle.txt is the statement's 4 x 4 puzzle, sample/01-statement.in).
STATEMENT_SESSION = r"""
>>> puzzle = Puzzle('puzzle.txt')
>>> puzzle.rows
4
>>> puzzle.columns
4
>>> puzzle.regions
{'A', 'B', 'C', 'D'}
>>> puzzle.squares('A')
{(0, 1), (0, 2)}
>>> puzzle.squares('B')
{(0, 3), (1, 3), (2, 2), (2, 3), (3, 3)}
>>> puzzle.squares('C')
{(1, 0), (2, 0), (3, 0)}
>>> puzzle.squares('D')
{(1, 1), (1, 2), (2, 1), (3, 1)}
>>> puzzle.squares('E')
Traceback (most recent call last):
AssertionError: invalid region
>>> puzzle.bubble('A')
>>> puzzle.boulder('B')
>>> puzzle.bubble('E')
Traceback (most recent call last):
AssertionError: invalid region
>>> print(puzzle)
#...
....
....
..#.
>>> puzzle.issolved()
False
>>> puzzle.isempty(0, 1)
True
>>> print(puzzle.put_bubble(0, 1))
#O..
....
....
..#.
>>> puzzle.bubble('A')
(0, 1)
>>> puzzle.boulder('A')
>>> puzzle.isempty(0, 1)
False
>>> puzzle.isempty(0, 2)
True
>>> puzzle.put_bubble(0, 2) # second bubble in region A
Traceback (most recent call last):
AssertionError: invalid position
>>> puzzle.isempty(2, 0)
True
>>> puzzle.put_boulder(2, 0) # boulder floats above empty square
Traceback (most recent call last):
AssertionError: invalid position
>>> puzzle.isempty(3, 0)
True
>>> print(puzzle.put_boulder(3, 0))
#O..
....
....
*.#.
>>> puzzle.bubble('C')
>>> puzzle.boulder('C')
(3, 0)
>>> puzzle.issolved()
False
>>> puzzle.put_boulder(2, 0) # second boulder in region C
Traceback (most recent call last):
AssertionError: invalid position
>>> puzzle.put_bubble(3, 2) # bubble in green square
Traceback (most recent call last):
AssertionError: invalid position
>>> puzzle.put_bubble(2, 2) # bubble floats below empty square
Traceback (most recent call last):
AssertionError: invalid position
>>> puzzle.put_boulder(1, 2) # boulder floats above empty square
Traceback (most recent call last):
AssertionError: invalid position
>>> print(puzzle.put_bubble(1, 1).put_boulder(2, 2).put_boulder(1, 2))
#O..
.O*.
..*.
*.#.
>>> puzzle.issolved()
False
>>> puzzle.put_bubble(3, 3) # bubble floats below empty square
Traceback (most recent call last):
AssertionError: invalid position
>>> print(puzzle.put_bubble(1, 0).put_boulder(0, 2).put_bubble(0, 3))
#O*O
OO*.
..*.
*.#.
>>> puzzle.issolved()
True
"""

# What the repository adds: solve() on the same puzzle (its only solution is the one above), from
# scratch, around items already placed, against items no solution has; and the edges of the class.
SOLVE_SESSION = r"""
>>> puzzle = Puzzle('puzzle.txt')
>>> puzzle.solve()
True
>>> print(puzzle)
#O*O
OO*.
..*.
*.#.
>>> puzzle.issolved(), puzzle.bubble('B'), puzzle.boulder('D')
(True, (0, 3), (1, 2))
>>> kept = Puzzle('puzzle.txt').put_boulder(3, 0).put_bubble(0, 1).put_bubble(1, 1)
>>> kept.solve()
True
>>> print(kept)
#O*O
OO*.
..*.
*.#.
>>> wrong = Puzzle('puzzle.txt').put_bubble(0, 2)
>>> wrong.solve()
False
>>> print(wrong)
#.O.
....
....
..#.
>>> wrong.issolved()
False
>>> puzzle.squares('a')
Traceback (most recent call last):
AssertionError: invalid region
>>> puzzle.boulder('#')
Traceback (most recent call last):
AssertionError: invalid region
>>> puzzle.squares(0)
Traceback (most recent call last):
AssertionError: invalid region
>>> [puzzle.isempty(r, k) for r, k in ((-1, 0), (0, 4), (4, 0), (0, 0), (1, 3), (0, '1'))]
[False, False, False, False, True, False]
>>> Puzzle('puzzle.txt').put_bubble(0, 4)
Traceback (most recent call last):
AssertionError: invalid position
>>> Puzzle('puzzle.txt').put_boulder(3, 2)
Traceback (most recent call last):
AssertionError: invalid position
>>> Puzzle('puzzle.txt').put_boulder(0, 2)
Traceback (most recent call last):
AssertionError: invalid position
>>> Puzzle('puzzle.txt').put_boulder(3, 1).put_boulder(2, 1).put_boulder(1, 1)
Traceback (most recent call last):
AssertionError: invalid position
>>> squares = puzzle.squares('A'); squares.add((9, 9)); puzzle.squares('A')
{(0, 1), (0, 2)}
>>> regions = puzzle.regions; regions.add('Z'); sorted(puzzle.regions)
['A', 'B', 'C', 'D']
>>> Puzzle.from_text('#A\r\nA#').squares('A')
{(0, 1), (1, 0)}
>>> Puzzle.from_text('AB\nA\n')
Traceback (most recent call last):
ValueError: row 1 has 1 squares, row 0 has 2
"""

# bubbles.cmake's STRESS settings: small puzzles of every generator style.
STRESS_SETTINGS = [
    "-m 4 -n 4 -regions 3",
    "-m 5 -n 4 -regions 4 -green 30",
    "-m 3 -n 6 -regions 3 -style scatter",
    "-m 5 -n 5 -regions 3 -want many",
    "-m 7 -n 4 -regions 3 -green 30 -style planted -want unique",
]


class ValueChecker(doctest.OutputChecker):
    """Exact text, except that two Python literals with equal values match.

    A set of strings prints in an order that depends on the process's hash seed, so the
    statement's `{'A', 'B', 'C', 'D'}` is compared as a value (same type, same elements).
    """

    def check_output(self, want, got, optionflags):
        if super().check_output(want, got, optionflags):
            return True
        try:
            wanted, gotten = ast.literal_eval(want.strip()), ast.literal_eval(got.strip())
        except (ValueError, SyntaxError):
            return False
        return type(wanted) is type(gotten) and wanted == gotten


def load_solution(path):
    spec = importlib.util.spec_from_file_location('bubbles_solution', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def python_examples(markdown_path):
    """The ```python blocks of a markdown file, joined."""
    blocks = re.findall(r'^```python\n(.*?)^```', pathlib.Path(markdown_path).read_text(),
                        re.MULTILINE | re.DOTALL)
    return '\n'.join(blocks)


def run_doctests(solution_py, sample_in, statement_md):
    module = load_solution(solution_py)
    sessions = (('exercise session', STATEMENT_SESSION), ('solve session', SOLVE_SESSION),
                ('statement.md examples', python_examples(statement_md)))
    failed = 0
    with tempfile.TemporaryDirectory() as work:
        pathlib.Path(work, 'puzzle.txt').write_bytes(pathlib.Path(sample_in).read_bytes())
        os.chdir(work)
        runner = doctest.DocTestRunner(checker=ValueChecker())
        parser = doctest.DocTestParser()
        for name, text in sessions:
            test = parser.get_doctest(text, {'Puzzle': module.Puzzle}, name, solution_py, 0)
            result = runner.run(test)
            print('%s: %d examples, %d failed' % (name, result.attempted, result.failed))
            failed += result.failed if result.attempted else 1
    return failed == 0


def run_program(command, stdin_bytes):
    done = subprocess.run(command, input=stdin_bytes, capture_output=True, timeout=300)
    return done.returncode, done.stdout, done.stderr


def compare(solution_py, cpp_binary, name, stdin_bytes):
    """Both programs on one input, plain and --count: the list of differences."""
    differences = []
    for extra in ([], ['--count']):
        python = run_program([sys.executable, solution_py] + extra, stdin_bytes)
        cpp = run_program([cpp_binary] + extra, stdin_bytes)
        if python != cpp:
            differences.append('%s %s: python %r, C++ %r' % (name, ' '.join(extra), python, cpp))
    return differences


def report(differences, compared):
    for difference in differences:
        print('FAIL', difference)
    print('%d inputs compared, %d differences' % (compared, len(differences)))
    return not differences and compared > 0


def run_agree(solution_py, cpp_binary, testdata):
    inputs = sorted(p for group in ('sample', 'secret', 'invalid')
                    for p in pathlib.Path(testdata, group).glob('*.in'))
    differences = []
    for path in inputs:
        differences += compare(solution_py, cpp_binary, str(path), path.read_bytes())
    return report(differences, len(inputs))


def placements(module, grid_text, limit):
    """The solutions of the puzzle (the first `limit`) as dicts {(r, k): 'O' or '*'}, and how
    many were found, by the module's own search (whose count compare() checks against the C++
    --count, capped at the same COUNT_CAP)."""
    grid = module.parse_grid(grid_text)
    solver = module._Solver(grid)
    solver.keep = limit
    solver.solve(limit)
    solutions = []
    for heights in solver.kept:
        items = {}
        for (column, top, length), bubbles, boulders in zip(module._runs(grid), *heights):
            for i in range(bubbles):
                items[(top + i, column)] = 'O'
            for i in range(boulders):
                items[(top + length - 1 - i, column)] = '*'
        solutions.append(items)
    return solutions, solver.solutions


def place(puzzle, items):
    """Puts `items` ({(r, k): 'O' or '*'}) on the puzzle in an order the rules allow: bubbles
    from the top down, boulders from the bottom up."""
    for (r, k) in sorted(p for p, item in items.items() if item == 'O'):
        puzzle.put_bubble(r, k)
    for (r, k) in sorted((p for p, item in items.items() if item == '*'), reverse=True):
        puzzle.put_boulder(r, k)


def random_items(module, grid_text, rng):
    """A few items put where put_bubble and put_boulder accept them, at random."""
    puzzle = module.Puzzle.from_text(grid_text)
    items = {}
    for _ in range(rng.randint(1, 4)):
        r, k = rng.randrange(puzzle.rows), rng.randrange(puzzle.columns)
        item = rng.choice('O*')
        try:
            (puzzle.put_bubble if item == 'O' else puzzle.put_boulder)(r, k)
            items[(r, k)] = item
        except AssertionError:
            pass
    return items


def check_completions(module, grid_text, seed):
    """solve() with items already placed: it succeeds iff some solution holds them all, and then
    keeps them and returns one of the solutions. The items: part of a solution (one of the
    later ones, so not what solve() finds first anyway), or put at random. Returns the problems
    and the expected results of the trials made (True: some solution holds the items)."""
    solutions, count = placements(module, grid_text, module.COUNT_CAP)
    if count >= module.COUNT_CAP:
        return [], []  # maybe more than were enumerated (and compared with the C++ --count)
    rng = random.Random(seed)
    trials = [random_items(module, grid_text, rng) for _ in range(3)]
    if solutions:
        chosen = solutions[-1]
        kept = rng.sample(sorted(chosen), rng.randint(1, len(chosen)))
        trials.append({p: chosen[p] for p in kept})
    problems, expectations = [], []
    for items in trials:
        puzzle = module.Puzzle.from_text(grid_text)
        try:
            place(puzzle, items)  # a part of a solution need not be placeable alone
        except AssertionError:
            continue
        expected = any(all(s.get(p) == item for p, item in items.items()) for s in solutions)
        expectations.append(expected)
        before = str(puzzle)
        try:
            solved = puzzle.solve()
        except AssertionError as error:  # put_bubble or put_boulder refused the solver's placement
            problems.append('solve() placed an item where the rules forbid it (%s) around %r'
                            % (error, items))
            continue
        result = {(r, k): square for r, row in enumerate(str(puzzle).split('\n'))
                  for k, square in enumerate(row) if square in 'O*'}
        if solved != expected:
            problems.append('solve() returned %s around %r, expected %s' % (solved, items, expected))
        elif solved and result not in solutions:
            problems.append('solve() around %r gave %r, not a solution' % (items, result))
        elif solved and any(result.get(p) != item for p, item in items.items()):
            problems.append('solve() moved a placed item of %r' % items)
        elif not solved and str(puzzle) != before:
            problems.append('a failed solve() changed the puzzle around %r' % items)
    return problems, expectations


def run_stress(solution_py, cpp_binary, generator, seeds):
    module = load_solution(solution_py)
    differences, compared, expectations = [], 0, []
    for setting in STRESS_SETTINGS:
        for seed in range(1, seeds + 1):
            command = [generator] + setting.split() + ['-seed', str(seed)]
            grid = subprocess.run(command, capture_output=True, check=True, timeout=60).stdout
            name = '%s -seed %d' % (setting, seed)
            differences += compare(solution_py, cpp_binary, name, grid)
            compared += 1
            problems, expected = check_completions(module, grid.decode(), seed)
            differences += ['%s: %s' % (name, problem) for problem in problems]
            expectations += expected
    print('solve() around placed items: %d trials, %d with a solution holding them'
          % (len(expectations), sum(expectations)))
    return report(differences, compared)


def main(argv):
    mode, arguments = argv[1], argv[2:]
    if mode == 'doctest':
        return run_doctests(*arguments)
    if mode == 'agree':
        return run_agree(*arguments)
    if mode == 'stress':
        return run_stress(arguments[0], arguments[1], arguments[2], int(arguments[3]))
    raise SystemExit('unknown mode %r (doctest, agree or stress)' % mode)


if __name__ == '__main__':
    sys.exit(0 if main(sys.argv) else 1)
