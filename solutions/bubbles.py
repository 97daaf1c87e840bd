"""Bubbles and boulders (Nikoli's Dosun-Fuwari) for Dodona: the exercise's Puzzle class.

Problem: testdata/bubbles/statement.md. One file, Python 3, standard library only.

Puzzle(location) reads the puzzle from a text file and offers what the exercise asks for (rows,
columns, regions, squares, bubble, boulder, isempty, put_bubble, put_boulder, issolved, str);
a call that the rules forbid raises AssertionError('invalid region') or
AssertionError('invalid position'). solve() adds what the exercise leaves to the reader: it
places every bubble and boulder with the algorithm of solutions/bubbles.cpp (same search, same
order, so the same placement), keeping the items already placed.

Run as a program, it reads a grid on stdin and prints what solutions/bubbles.cpp prints: the
solved grid ('#' green, 'O' bubble, '*' boulder, '.' empty) or `no solution`; `--count` prints
the number of solutions, capped at 1000; malformed input gives one line on stderr and exit 1.

Idea of the solver (as in solutions/bubbles.cpp): every column splits into runs of non-green
squares. In a run the bubbles form a stack of height a from its top and the boulders a stack of
height b from its bottom, a + b <= run length. Region R gets a bubble from run j iff
a_j > (index of R's square in j from the top), and needs exactly one bubble in all; likewise for
boulders from the bottom. Bounds propagation on (a_j, b_j), then branching on the region side
with the fewest runs left.
"""

import sys

COUNT_CAP = 1000
BUBBLE, BOULDER, EMPTY, GREEN = 'O', '*', '.', '#'


def parse_grid(text):
    """The rows of a puzzle description; raises ValueError with the reason if it is malformed.

    Lines end in '\\n' or '\\r\\n', a final newline is optional, blank lines at the end are
    ignored. The messages are those of solutions/bubbles.cpp.
    """
    lines = text.split('\n')
    lines = [line[:-1] if line.endswith('\r') else line for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        raise ValueError('the grid has no rows')
    for r, line in enumerate(lines):
        if len(line) != len(lines[0]):
            raise ValueError('row %d has %d squares, row 0 has %d' % (r, len(line), len(lines[0])))
        for k, square in enumerate(line):
            if square != GREEN and not 'A' <= square <= 'Z':
                code = ord(square)
                what = "'%s'" % square if 33 <= code < 127 else 'byte 0x%02x' % code
                raise ValueError("square (%d, %d) is %s, expected '#' or an uppercase letter"
                                 % (r, k, what))
    return lines


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


class Puzzle:
    """A bubbles and boulders puzzle: its grid, and the bubbles and boulders put on it so far."""

    def __init__(self, location):
        """Reads the puzzle from the text file at `location` (str)."""
        with open(location, 'rb') as description:
            # Latin-1 maps every byte to one character, so a stray byte is named, not a crash.
            self._setup(parse_grid(description.read().decode('latin-1')))

    @classmethod
    def from_text(cls, text):
        """The puzzle whose description is `text` (the content of such a file)."""
        puzzle = cls.__new__(cls)
        puzzle._setup(parse_grid(text))
        return puzzle

    def _setup(self, grid):
        self._grid = grid
        self.rows = len(grid)
        self.columns = len(grid[0])
        self._squares = {}
        for r, line in enumerate(grid):
            for k, square in enumerate(line):
                if square != GREEN:
                    self._squares.setdefault(square, set()).add((r, k))
        self._items = [[EMPTY] * self.columns for _ in range(self.rows)]
        self._bubbles = {}
        self._boulders = {}

    @property
    def regions(self):
        """The letters (str) of the regions, as a new set."""
        return set(self._squares)

    def squares(self, region):
        """The positions (r, k) of the squares of `region`, as a new set."""
        self._check_region(region)
        return set(self._squares[region])

    def bubble(self, region):
        """The position of the bubble of `region`, or None."""
        self._check_region(region)
        return self._bubbles.get(region)

    def boulder(self, region):
        """The position of the boulder of `region`, or None."""
        self._check_region(region)
        return self._boulders.get(region)

    def isempty(self, r, k):
        """Is (r, k) a square of the grid that is not green and holds no item?"""
        return (self._inside(r, k) and self._grid[r][k] != GREEN
                and self._items[r][k] == EMPTY)

    def put_bubble(self, r, k):
        """Puts a bubble at (r, k) and returns the puzzle; the rules are in _put."""
        return self._put(r, k, BUBBLE, -1, self._bubbles)

    def put_boulder(self, r, k):
        """Puts a boulder at (r, k) and returns the puzzle; the rules are in _put."""
        return self._put(r, k, BOULDER, +1, self._boulders)

    def issolved(self):
        """Does every region hold a bubble and a boulder? (The put_ methods keep them supported.)"""
        return all(region in self._bubbles and region in self._boulders
                   for region in self._squares)

    def __str__(self):
        return '\n'.join(
            ''.join(GREEN if self._grid[r][k] == GREEN else self._items[r][k]
                    for k in range(self.columns))
            for r in range(self.rows))

    def solve(self):
        """Places a bubble and a boulder in every region, keeping the items already placed.

        Returns True when done (then issolved() is True), False when no placement exists; the
        puzzle is then left as it was.
        """
        solver = _Solver(self._grid)
        for item, placed in ((BUBBLE, self._bubbles), (BOULDER, self._boulders)):
            for r, k in placed.values():
                solver.require(item, r, k)
        if not solver.solve(1):
            return False
        self._place(solver.kept[0])
        assert self.issolved(), 'the solver left a region without its items'
        return True

    def _place(self, heights):
        # Through put_bubble and put_boulder, so that their checks also check the solver: bubbles
        # from the top of each run down, boulders from its bottom up.
        for (column, top, length), bubbles, boulders in zip(_runs(self._grid), *heights):
            for i in range(bubbles):
                if self._items[top + i][column] != BUBBLE:
                    self.put_bubble(top + i, column)
            for i in range(boulders):
                if self._items[top + length - 1 - i][column] != BOULDER:
                    self.put_boulder(top + length - 1 - i, column)

    def _inside(self, r, k):
        return _is_int(r) and _is_int(k) and 0 <= r < self.rows and 0 <= k < self.columns

    def _check_region(self, region):
        if not isinstance(region, str) or region not in self._squares:
            raise AssertionError('invalid region')

    def _put(self, r, k, item, support_step, placed):
        # The square must be empty, the square the item rests against (above a bubble, below a
        # boulder) must be outside the grid, green or the same item, and the region must not have
        # that item yet.
        if not self.isempty(r, k):
            raise AssertionError('invalid position')
        support_row = r + support_step
        if (0 <= support_row < self.rows and self._grid[support_row][k] != GREEN
                and self._items[support_row][k] != item):
            raise AssertionError('invalid position')
        region = self._grid[r][k]
        if region in placed:
            raise AssertionError('invalid position')
        self._items[r][k] = item
        placed[region] = (r, k)
        return self


def _runs(grid):
    """The maximal vertical runs of non-green squares as (column, top, length), column by column."""
    runs = []
    for column in range(len(grid[0])):
        row = 0
        while row < len(grid):
            if grid[row][column] == GREEN:
                row += 1
                continue
            top = row
            while row < len(grid) and grid[row][column] != GREEN:
                row += 1
            runs.append((column, top, row - top))
    return runs


class _Solver:
    """The search of solutions/bubbles.cpp (struct Solver), statement for statement.

    Side 0 is bubbles (stack height a from a run's top), side 1 boulders (height b from its
    bottom). An option (run, threshold) of a region side means: the region gets that item from
    `run` iff the stack height of the run exceeds `threshold`.
    """

    def __init__(self, grid):
        region_of_letter = {}
        for line in grid:
            for square in line:
                if square != GREEN and square not in region_of_letter:
                    region_of_letter[square] = len(region_of_letter)
        self.region_of_letter = region_of_letter
        self.region_count = len(region_of_letter)
        self.runs = _runs(grid)
        self.run_of_square = {}
        self.options = [[[] for _ in range(self.region_count)] for _ in range(2)]
        self.regions_of_run = [[], []]
        max_height = [[], []]
        for index, (column, top, length) in enumerate(self.runs):
            for i in range(length):
                self.run_of_square[(top + i, column)] = (index, i)
            for side, row_of in ((0, lambda i: top + i), (1, lambda i: top + length - 1 - i)):
                seen = set()
                regions = []
                for i in range(length):
                    region = region_of_letter[grid[row_of(i)][column]]
                    if region in seen:
                        break
                    seen.add(region)
                    self.options[side][region].append((index, i))
                    regions.append(region)
                self.regions_of_run[side].append(regions)
                max_height[side].append(len(regions))
        self.lo = [[0] * len(self.runs) for _ in range(2)]
        self.hi = max_height
        self.trail = []
        self.queue = []
        self.queued = [False] * (2 * self.region_count + len(self.runs))
        self.possible = all(self.options[side][region]
                            for side in range(2) for region in range(self.region_count))
        for side in range(2):
            for region in range(self.region_count):
                self.push(2 * region + side)
        for run in range(len(self.runs)):
            self.push(self.run_item(run))
        self.solutions = 0
        self.limit = 1
        # The first `keep` solutions found, as the bubble and boulder stack height per run.
        self.keep = 1
        self.kept = []

    def require(self, item, r, k):
        """An item already on the grid: its stack reaches at least that far."""
        run, i = self.run_of_square[(r, k)]
        side = 0 if item == BUBBLE else 1
        from_end = i if side == 0 else self.runs[run][2] - 1 - i
        self.possible = self.set_lo(side, run, from_end + 1) and self.possible

    def run_item(self, run):
        return 2 * self.region_count + run

    def push(self, item):
        if not self.queued[item]:
            self.queued[item] = True
            self.queue.append(item)

    def touched(self, side, run):
        for region in self.regions_of_run[side][run]:
            self.push(2 * region + side)
        self.push(self.run_item(run))

    def set_lo(self, side, run, value):
        if value <= self.lo[side][run]:
            return True
        self.trail.append((side, False, run, self.lo[side][run]))
        self.lo[side][run] = value
        self.touched(side, run)
        return value <= self.hi[side][run]

    def set_hi(self, side, run, value):
        if value >= self.hi[side][run]:
            return True
        self.trail.append((side, True, run, self.hi[side][run]))
        self.hi[side][run] = value
        self.touched(side, run)
        return self.lo[side][run] <= value

    def undo(self, mark):
        while len(self.trail) > mark:
            side, is_hi, run, old = self.trail.pop()
            (self.hi if is_hi else self.lo)[side][run] = old

    def propagate_region(self, side, region):
        lo, hi = self.lo[side], self.hi[side]
        options = self.options[side][region]
        definite = possible = -1
        definite_count = possible_count = 0
        for i, (run, threshold) in enumerate(options):
            if lo[run] > threshold:
                definite, definite_count = i, definite_count + 1
            if hi[run] > threshold:
                possible, possible_count = i, possible_count + 1
        if definite_count > 1 or possible_count == 0:
            return False
        if definite_count == 1:
            if possible_count == 1:
                return True
            for i, (run, threshold) in enumerate(options):
                if i != definite and not self.set_hi(side, run, threshold):
                    return False
        elif possible_count == 1:
            run, threshold = options[possible]
            if not self.set_lo(side, run, threshold + 1):
                return False
        return True

    def clear_queue(self):
        for item in self.queue:
            self.queued[item] = False
        self.queue = []

    def propagate(self):
        ok = True
        head = 0
        while ok and head < len(self.queue):
            item = self.queue[head]
            head += 1
            self.queued[item] = False
            if item < 2 * self.region_count:
                ok = self.propagate_region(item % 2, item // 2)
            else:
                run = item - 2 * self.region_count
                length = self.runs[run][2]
                ok = (self.lo[0][run] + self.lo[1][run] <= length
                      and self.set_hi(0, run, length - self.lo[1][run])
                      and self.set_hi(1, run, length - self.lo[0][run]))
        self.clear_queue()
        return ok

    def open_options(self, side, region):
        """How many options of an undecided region side are still possible; -1 when decided."""
        possible = definite = 0
        for run, threshold in self.options[side][region]:
            if self.hi[side][run] > threshold:
                possible += 1
            if self.lo[side][run] > threshold:
                definite += 1
        return -1 if definite == 1 and possible == 1 else possible

    def search(self):
        best_side = best_region = -1
        best_count = None
        for region in range(self.region_count):
            for side in range(2):
                count = self.open_options(side, region)
                if count >= 0 and (best_count is None or count < best_count):
                    best_side, best_region, best_count = side, region, count
        if best_side < 0:
            # Every region side is decided, which pins every threshold, so lo == hi everywhere.
            self.solutions += 1
            if self.solutions <= self.keep:
                self.kept.append((list(self.lo[0]), list(self.lo[1])))
            return
        for run, threshold in self.options[best_side][best_region]:
            if self.hi[best_side][run] <= threshold:
                continue
            mark = len(self.trail)
            if self.set_lo(best_side, run, threshold + 1) and self.propagate():
                self.search()
            else:
                self.clear_queue()
            self.undo(mark)
            if self.solutions >= self.limit:
                return

    def solve(self, wanted):
        """Looks for up to `wanted` solutions; True when it found at least one."""
        self.limit = wanted
        if self.possible and self.propagate():
            self.search()
        return self.solutions > 0


def main(arguments, stdin, stdout, stderr):
    """The program: the exit status; output as solutions/bubbles.cpp prints it."""
    count_mode = False
    for argument in arguments:
        if argument != '--count':
            stderr.write("invalid input: unknown argument '%s' (usage: bubbles [--count])\n"
                         % argument)
            return 1
        count_mode = True
    try:
        puzzle = Puzzle.from_text(stdin.read().decode('latin-1'))
    except ValueError as error:
        stderr.write('invalid input: %s\n' % error)
        return 1
    if count_mode:
        solver = _Solver(puzzle._grid)
        solver.solve(COUNT_CAP)
        stdout.write('%d\n' % solver.solutions)
    elif puzzle.solve():
        stdout.write('%s\n' % puzzle)
    else:
        stdout.write('no solution\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:], sys.stdin.buffer, sys.stdout, sys.stderr))
