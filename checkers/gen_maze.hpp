// Random spanning tree of a grid of rooms (depth-first "recursive backtracker"), shared by the
// generators that draw mazes (quell, bender). Each generator maps rooms and passages to its own
// characters and layout through the two callbacks; the random calls (one rnd.next for the start
// room, one per carved passage) are the same for all, so a plan line keeps giving the same case.
#pragma once

#include <vector>

#include "checklib.hpp"

// Carves a spanning tree of the `room_rows` x `room_cols` rooms. `dr`/`dc` list the four
// directions in the order the caller wants them tried (it changes the maze a seed gives).
// `visit_room(r, c)` is called once per room, `open_passage(r, c, d)` for each tree edge from
// room (r, c) in direction d, before the room it leads to is visited.
template <class VisitRoom, class OpenPassage>
void carve_spanning_tree(int room_rows,
                         int room_cols,
                         const int (&dr)[4],
                         const int (&dc)[4],
                         VisitRoom visit_room,
                         OpenPassage open_passage) {
    std::vector<char> seen(static_cast<size_t>(room_rows) * room_cols, 0);
    std::vector<int> stack = {rnd.next(room_rows * room_cols)};
    seen[stack[0]] = 1;
    visit_room(stack[0] / room_cols, stack[0] % room_cols);
    while (!stack.empty()) {
        int at = stack.back(), ar = at / room_cols, ac = at % room_cols;
        int options[4], count = 0;
        for (int d = 0; d < 4; ++d) {
            int nr = ar + dr[d], nc = ac + dc[d];
            if (nr >= 0 && nr < room_rows && nc >= 0 && nc < room_cols &&
                !seen[nr * room_cols + nc])
                options[count++] = d;
        }
        if (count == 0) {
            stack.pop_back();
            continue;
        }
        int d = options[rnd.next(count)];
        int nr = ar + dr[d], nc = ac + dc[d];
        seen[nr * room_cols + nc] = 1;
        open_passage(ar, ac, d);
        visit_room(nr, nc);
        stack.push_back(nr * room_cols + nc);
    }
}
